/* tests/test_hlsl_d3d9.c — HLSL compiled by D3DCompile for the d3dbc targets and drawn through
 * IDirect3DDevice9, as a Direct3D 9 program does it: the blob is the bare token stream
 * (CreateVertexShader / CreatePixelShader take it), the constant table (CTAB) says where each
 * uniform and sampler went (read back with the project's own decoder), and the pixels are the
 * closed-form values.  vs_3_0 runs in software vertex processing (the hardware caps stop at
 * vs_2_x); ps_3_0 is drawn when the device offers it and is compile-and-decode only otherwise.
 */
#define COBJMACROS
#include "test_d3d9_render_util.h"

#include "d3dcompiler.h"
#include "shader/d3dbc.h"
#include "shader/d3dbc_ir.h"

#define W 16
#define H 16

static ID3DBlob *hc9(const char *src, const char *target)
{
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = D3DCompile(src, strlen(src), "d3d9.hlsl", NULL, NULL, "main", target, 0, 0,
                            &code, &errors);
    if (FAILED(hr))
        harness_fail(__FILE__, __LINE__, "D3DCompile(%s): 0x%08x %s", target, (unsigned)hr,
                     errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "");
    if (errors)
        ID3D10Blob_Release(errors);
    return code;
}

/* The constant table entry called `name` (register set and index), from the blob's CTAB. */
static const struct d3dbc_ctab_constant *ctab_find(const struct d3dbc_program *p, const char *name)
{
    for (uint32_t i = 0; p->has_ctab && i < p->ctab.constant_count; i++)
        if (!strcmp(p->ctab.constants[i].name, name))
            return &p->ctab.constants[i];
    harness_fail(__FILE__, __LINE__, "no constant '%s' in the CTAB", name);
    return NULL;
}

static bool read_blob(ID3DBlob *b, struct d3dbc_program *p)
{
    struct d3dbc_error err;
    if (d3dbc_read(ID3D10Blob_GetBufferPointer(b), ID3D10Blob_GetBufferSize(b), p, &err)) {
        harness_fail(__FILE__, __LINE__, "d3dbc_read: %s", err.message);
        return false;
    }
    CHECK(p->has_ctab);
    /* the blob is exactly the program: version token to end token */
    CHECK_EQ(p->size, ID3D10Blob_GetBufferSize(b));
    return true;
}

struct svert {
    float x, y, z;
    D3DCOLOR c;
    float u, v;
};
#define SVERT_FVF (D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1)

/* Dear ImGui's DX9-era pair as HLSL: an orthographic transform, colour times texture. */
static const char ui_vs[] =
    "float4x4 ProjectionMatrix;\n"
    "struct VS_INPUT { float2 pos : POSITION; float4 col : COLOR0; float2 uv : TEXCOORD0; };\n"
    "struct PS_INPUT { float4 pos : POSITION; float4 col : COLOR0; float2 uv : TEXCOORD0; };\n"
    "PS_INPUT main(VS_INPUT input)\n"
    "{\n"
    "    PS_INPUT output;\n"
    "    output.pos = mul(ProjectionMatrix, float4(input.pos.xy, 0.f, 1.f));\n"
    "    output.col = input.col;\n"
    "    output.uv = input.uv;\n"
    "    return output;\n"
    "}\n";

static const char ui_ps[] =
    "sampler2D texture0;\n"
    "float4 Tint : register(c2);\n"
    "float4 main(float4 col : COLOR0, float2 uv : TEXCOORD0) : COLOR\n"
    "{ return col * tex2D(texture0, uv) * Tint; }\n";

static IDirect3DTexture9 *texture_2x2(IDirect3DDevice9 *dev, const uint32_t texels[4])
{
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr;
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                            &tex, NULL), D3D_OK);
    if (!tex)
        return NULL;
    CHECK_HR(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0), D3D_OK);
    for (unsigned y = 0; y < 2; y++)
        memcpy((char *)lr.pBits + y * lr.Pitch, texels + 2 * y, 8);
    IDirect3DTexture9_UnlockRect(tex, 0);
    return tex;
}

/* A W x H screen-space quad through a shader that takes pixel coordinates. */
static void pixel_quad(IDirect3DDevice9 *dev, D3DCOLOR c)
{
    struct svert q[4] = { { 0, 0, 0.5f, c, 0, 0 }, { W, 0, 0.5f, c, 1, 0 },
                          { 0, H, 0.5f, c, 0, 1 }, { W, H, 0.5f, c, 1, 1 } };
    IDirect3DDevice9_SetFVF(dev, SVERT_FVF);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
}

/* The ortho projection ImGui builds, column-major registers for mul(M, v): column j in c#j. */
static void set_ortho(IDirect3DDevice9 *dev, unsigned reg)
{
    const float m[16] = { 2.0f / W, 0, 0, 0, 0, -2.0f / H, 0, 0, 0, 0, 0, 0, -1, 1, 0.5f, 1 };
    CHECK_HR(IDirect3DDevice9_SetVertexShaderConstantF(dev, reg, m, 4), D3D_OK);
}

TEST(hlsl_d3d9_ui_pair_vs_2_0_ps_2_0_draws)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    ID3DBlob *vb = hc9(ui_vs, "vs_2_0"), *pb = hc9(ui_ps, "ps_2_0");
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DTexture9 *tex = NULL;
    struct d3dbc_program vp = {0}, pp = {0};
    if (!vb || !pb || !read_blob(vb, &vp) || !read_blob(pb, &pp))
        goto done;
    CHECK_EQ(vp.version_token, 0xfffe0200u);
    CHECK_EQ(pp.version_token, 0xffff0200u);
    const struct d3dbc_ctab_constant *m = ctab_find(&vp, "ProjectionMatrix");
    const struct d3dbc_ctab_constant *s = ctab_find(&pp, "texture0");
    const struct d3dbc_ctab_constant *t = ctab_find(&pp, "Tint");
    if (!m || !s || !t)
        goto done;
    CHECK_EQ(m->register_set, 2);            /* D3DXRS_FLOAT4, c0..c3, a column-major matrix */
    CHECK_EQ(m->register_index, 0);
    CHECK_EQ(m->register_count, 4);
    CHECK_EQ(m->type.class_, 3);
    CHECK_EQ(s->register_set, 3);            /* D3DXRS_SAMPLER s0, a sampler2D */
    CHECK_EQ(s->register_index, 0);
    CHECK_EQ(s->type.type, 12);
    CHECK_EQ(t->register_index, 2);          /* register(c2) */
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, ID3D10Blob_GetBufferPointer(vb), &vs),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ID3D10Blob_GetBufferPointer(pb), &ps), D3D_OK);
    static const uint32_t texels[4] = { 0xffff0000, 0xff00ff00, 0x800000ff, 0xffffffff };
    tex = texture_2x2(dev, texels);
    if (!vs || !ps || !tex)
        goto done;
    set_ortho(dev, m->register_index);
    const float tint[4] = { 1.0f, 0.5f, 1.0f, 1.0f };
    IDirect3DDevice9_SetPixelShaderConstantF(dev, t->register_index, tint, 1);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetTexture(dev, s->register_index, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetSamplerState(dev, s->register_index, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, s->register_index, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    r9_clear(dev, 0);
    pixel_quad(dev, 0xff808080);
    uint32_t img[W * H];
    r9_read(dev, img);
    const double g = 128.0 / 255.0;
    /* each quadrant is one texel, times the vertex colour, times the tint */
    for (unsigned q = 0; q < 4; q++) {
        unsigned x = q & 1 ? 12 : 3, y = q & 2 ? 12 : 3;
        double r = (texels[q] >> 16 & 255) / 255.0, gg = (texels[q] >> 8 & 255) / 255.0,
               b = (texels[q] & 255) / 255.0, a = (texels[q] >> 24) / 255.0;
        CHECK_PIXEL(img[y * W + x], r9_argb(r * g, gg * g * 0.5, b * g, a), 1);
    }
done:
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    d3dbc_program_free(&vp);
    d3dbc_program_free(&pp);
    if (vb)
        ID3D10Blob_Release(vb);
    if (pb)
        ID3D10Blob_Release(pb);
    r9_end(dev);
}

/* vs_3_0: a run-time loop over a light array indexed by the loop counter (rep + a0), the float
 * uniforms in c#, the loop bound in i0 (`rep i0`, set with SetVertexShaderConstantI, as fxc
 * places an int uniform that only counts a loop: gen_static.c), and the outputs as o# with
 * their dcl usages. */
static const char lights_vs[] =
    "float4x4 Proj;\n"
    "float4 LightColor[4];\n"
    "float4 LightWeight[4];\n"
    "int NumLights;\n"
    "struct VO { float4 pos : POSITION; float4 col : COLOR0; };\n"
    "VO main(float3 p : POSITION)\n"
    "{\n"
    "    VO o;\n"
    "    o.pos = mul(Proj, float4(p, 1));\n"
    "    float4 c = float4(0, 0, 0, 1);\n"
    "    [loop] for (int i = 0; i < NumLights; i++)\n"
    "        c.rgb += LightColor[i].rgb * LightWeight[i].x;\n"
    "    o.col = c;\n"
    "    return o;\n"
    "}\n";

static const char color_ps[] =
    "float4 main(float4 c : COLOR0) : COLOR { return c; }\n";

TEST(hlsl_d3d9_vs_3_0_light_loop_draws)
{
    IDirect3DDevice9 *dev = r9_device_flags(NULL, W, H, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    if (!dev)
        return;
    ID3DBlob *vb = hc9(lights_vs, "vs_3_0"), *pb = hc9(color_ps, "ps_2_0");
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    struct d3dbc_program vp = {0};
    if (!vb || !pb || !read_blob(vb, &vp))
        goto done;
    CHECK_EQ(vp.version_token, 0xfffe0300u);
    const struct d3dbc_ctab_constant *proj = ctab_find(&vp, "Proj"),
                                     *lc = ctab_find(&vp, "LightColor"),
                                     *lw = ctab_find(&vp, "LightWeight"),
                                     *n = ctab_find(&vp, "NumLights");
    if (!proj || !lc || !lw || !n)
        goto done;
    /* declaration order, whole registers each: c0-c3, c4-c7, c8-c11; NumLights in i0 */
    CHECK_EQ(lc->register_index, 4);
    CHECK_EQ(lc->register_count, 4);
    CHECK_EQ(lc->type.elements, 4);
    CHECK_EQ(lw->register_index, 8);
    CHECK_EQ(n->register_set, 1);            /* D3DXRS_INT4 */
    CHECK_EQ(n->register_index, 0);
    CHECK_EQ(n->type.type, 2);               /* D3DXPT_INT */
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, ID3D10Blob_GetBufferPointer(vb), &vs),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ID3D10Blob_GetBufferPointer(pb), &ps), D3D_OK);
    if (!vs || !ps)
        goto done;
    set_ortho(dev, proj->register_index);
    const float colors[16] = { 0.25f, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 0.125f, 0, 0.25f, 0.25f, 0.25f, 0 };
    const float weights[16] = { 1, 0, 0, 0, 0.5f, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0 };
    IDirect3DDevice9_SetVertexShaderConstantF(dev, lc->register_index, colors, 4);
    IDirect3DDevice9_SetVertexShaderConstantF(dev, lw->register_index, weights, 4);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    /* n lights: the sum of the first n colours times their weights */
    static const double want[5][3] = { { 0, 0, 0 }, { 0.25, 0, 0 }, { 0.25, 0.25, 0 },
                                       { 0.25, 0.25, 0.25 }, { 0.5, 0.5, 0.5 } };
    for (unsigned k = 0; k <= 4; k++) {
        const int nl[4] = { (int)k, 0, 0, 0 };
        IDirect3DDevice9_SetVertexShaderConstantI(dev, n->register_index, nl, 1);
        r9_clear(dev, 0xff102030);
        pixel_quad(dev, 0);
        CHECK_PIXEL(r9_pixel(dev, W, H, 7, 9), r9_argb(want[k][0], want[k][1], want[k][2], 1), 1);
    }
done:
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    d3dbc_program_free(&vp);
    if (vb)
        ID3D10Blob_Release(vb);
    if (pb)
        ID3D10Blob_Release(pb);
    r9_end(dev);
}

/* ps_3_0: VPOS, flow control, a Texture2D + SamplerState pair combined onto s#. */
static const char vpos_vs[] =
    "float4x4 Proj;\n"
    "void main(float3 p : POSITION, float4 c : COLOR0, out float4 pos : POSITION,\n"
    "          out float4 col : COLOR0, out float2 uv : TEXCOORD0)\n"
    "{ pos = mul(Proj, float4(p, 1)); col = c; uv = p.xy / 16; }\n";

static const char vpos_ps[] =
    "Texture2D tex; SamplerState smp;\n"
    "float4 main(float2 vpos : VPOS, float4 c : COLOR0, float2 uv : TEXCOORD0) : COLOR\n"
    "{\n"
    "    float4 t = tex.Sample(smp, uv);\n"
    "    [branch] if (vpos.x < 8) return c;\n"
    "    return t * (vpos.y < 8 ? 1.0 : 0.5);\n"
    "}\n";

TEST(hlsl_d3d9_ps_3_0_vpos_branch)
{
    ID3DBlob *vb = hc9(vpos_vs, "vs_3_0"), *pb = hc9(vpos_ps, "ps_3_0");
    struct d3dbc_program pp = {0};
    IDirect3DDevice9 *dev = NULL;
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DTexture9 *tex = NULL;
    bool skipped = false;
    if (!vb || !pb || !read_blob(pb, &pp))
        goto done;
    CHECK_EQ(pp.version_token, 0xffff0300u);
    const struct d3dbc_ctab_constant *s = ctab_find(&pp, "smp");
    if (!s)
        goto done;
    CHECK_EQ(s->register_set, 3);
    CHECK_EQ(s->register_index, 0);
    /* the program decodes into valid IR, whatever the device offers */
    struct ir_program ir;
    struct d3dbc_error err;
    if (d3dbc_decode(ID3D10Blob_GetBufferPointer(pb), ID3D10Blob_GetBufferSize(pb), &ir, &err))
        harness_fail(__FILE__, __LINE__, "d3dbc_decode: %s", err.message);
    else
        ir_program_free(&ir);
    dev = r9_device_flags(NULL, W, H, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    if (!dev)
        goto done;
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, ID3D10Blob_GetBufferPointer(vb), &vs),
             D3D_OK);
    D3DCAPS9 caps;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    if (caps.PixelShaderVersion < D3DPS_VERSION(3, 0)) {
        CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ID3D10Blob_GetBufferPointer(pb), &ps),
                 D3DERR_INVALIDCALL);
        skipped = true;
        goto done;
    }
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ID3D10Blob_GetBufferPointer(pb), &ps), D3D_OK);
    static const uint32_t texels[4] = { 0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff };
    tex = texture_2x2(dev, texels);
    if (!vs || !ps || !tex)
        goto done;
    set_ortho(dev, 0);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetTexture(dev, s->register_index, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    r9_clear(dev, 0);
    pixel_quad(dev, 0xff336699);
    uint32_t img[W * H];
    r9_read(dev, img);
    CHECK_EQ(img[3 * W + 3], 0xff336699u);               /* vpos.x < 8: the colour */
    CHECK_EQ(img[12 * W + 7], 0xff336699u);
    CHECK_PIXEL(img[3 * W + 12], r9_argb(0, 1, 0, 1), 0); /* texel (1, 0) */
    CHECK_PIXEL(img[12 * W + 12], r9_argb(0.5, 0.5, 0.5, 0.5), 1);
done:
    if (dev) {
        IDirect3DDevice9_SetVertexShader(dev, NULL);
        IDirect3DDevice9_SetPixelShader(dev, NULL);
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
    }
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    d3dbc_program_free(&pp);
    if (vb)
        ID3D10Blob_Release(vb);
    if (pb)
        ID3D10Blob_Release(pb);
    if (dev)
        r9_end(dev);
    if (skipped)
        SKIP("the device offers no ps_3_0 (PixelShaderVersion < 3.0): compiled and decoded only");
}

/* The constant table describes what the program reads, in D3D9's layout: structs member by
 * member in whole registers, arrays with their element count, row_major matrices by rows,
 * bools and ints in c# (D3DXRS_FLOAT4), samplers in s#; unread uniforms are not there. */
/* ps_3_0 uniforms in b# and i# (gen_static.c): the application sets them with
 * SetPixelShaderConstantB / SetPixelShaderConstantI at the registers the table names. */
static const char static_ps[] =
    "bool Invert;\n"
    "int Steps;\n"
    "float4 main(float4 c : COLOR0) : COLOR\n"
    "{\n"
    "    float4 r = c;\n"
    "    if (Invert) r.rgb = 1 - r.rgb;\n"
    "    for (int i = 0; i < Steps; i++) r.a -= 0.125;\n"
    "    return r;\n"
    "}\n";

TEST(hlsl_d3d9_ps_3_0_static_constants_draw)
{
    ID3DBlob *vb = hc9(vpos_vs, "vs_3_0"), *pb = hc9(static_ps, "ps_3_0");
    struct d3dbc_program pp = {0};
    IDirect3DDevice9 *dev = NULL;
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    if (!vb || !pb || !read_blob(pb, &pp))
        goto done;
    const struct d3dbc_ctab_constant *inv = ctab_find(&pp, "Invert"), *st = ctab_find(&pp, "Steps");
    if (!inv || !st)
        goto done;
    CHECK_EQ(inv->register_set, 0);  /* D3DXRS_BOOL */
    CHECK_EQ(st->register_set, 1);   /* D3DXRS_INT4 */
    dev = r9_device_flags(NULL, W, H, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    if (!dev)
        goto done;
    D3DCAPS9 caps;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    if (caps.PixelShaderVersion < D3DPS_VERSION(3, 0)) {
        r9_end(dev);
        dev = NULL;
        SKIP("the device offers no ps_3_0 (PixelShaderVersion < 3.0)");
    }
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, ID3D10Blob_GetBufferPointer(vb), &vs),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, ID3D10Blob_GetBufferPointer(pb), &ps), D3D_OK);
    if (!vs || !ps)
        goto done;
    set_ortho(dev, 0);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    for (unsigned k = 0; k < 4; k++) {
        BOOL b[4] = {(BOOL)(k & 1), 0, 0, 0};
        int n[4] = {(int)(k * 2), 0, 1, 0};
        IDirect3DDevice9_SetPixelShaderConstantB(dev, inv->register_index, b, 1);
        IDirect3DDevice9_SetPixelShaderConstantI(dev, st->register_index, n, 1);
        r9_clear(dev, 0);
        pixel_quad(dev, 0xff336699);
        double rgb[3] = {0x33 / 255.0, 0x66 / 255.0, 0x99 / 255.0};
        for (unsigned i = 0; i < 3 && (k & 1); i++)
            rgb[i] = 1 - rgb[i];
        CHECK_PIXEL(r9_pixel(dev, W, H, 5, 9), r9_argb(rgb[0], rgb[1], rgb[2], 1 - 0.125 * k * 2),
                    1);
    }
done:
    if (dev) {
        IDirect3DDevice9_SetVertexShader(dev, NULL);
        IDirect3DDevice9_SetPixelShader(dev, NULL);
    }
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    d3dbc_program_free(&pp);
    if (vb)
        ID3D10Blob_Release(vb);
    if (pb)
        ID3D10Blob_Release(pb);
    if (dev)
        r9_end(dev);
}

/* Initializers of uniforms as the table's default values (DefaultValue: RegisterCount * 4
 * dwords in register layout), what ID3DXConstantTable::SetDefaults loads. */
TEST(hlsl_d3d9_constant_table_defaults)
{
    static const char src[] =
        "float4 tint = {1, 0.5, 0.25, 1};\n"
        "float2x2 m = {1, 2, 3, 4};\n"
        "row_major float2x2 mr = {1, 2, 3, 4};\n"
        "int n = 3;\n"
        "float arr[2] = {5, 6};\n"
        "float4 nodefault;\n"
        "float4 main(float4 c : COLOR0) : COLOR\n"
        "{ return c * tint + float4(mul(c.xy, m), mul(c.zw, mr)) + n * arr[1] + nodefault; }\n";
    ID3DBlob *b = hc9(src, "ps_2_0");
    struct d3dbc_program p = {0};
    if (!b || !read_blob(b, &p))
        goto done;
    static const struct { const char *name; unsigned n; float v[8]; } want[] = {
        {"tint", 4, {1, 0.5f, 0.25f, 1}},
        {"m", 8, {1, 3, 0, 0, 2, 4, 0, 0}},      /* column_major: a register a column */
        {"mr", 8, {1, 2, 0, 0, 3, 4, 0, 0}},     /* row_major: a register a row */
        {"n", 4, {3, 0, 0, 0}},                  /* an int in c#: 3.0 */
        {"arr", 8, {5, 0, 0, 0, 6, 0, 0, 0}},
    };
    for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        const struct d3dbc_ctab_constant *k = ctab_find(&p, want[i].name);
        if (!k)
            continue;
        CHECK(k->default_value != NULL);
        CHECK_EQ(k->default_count, want[i].n);
        for (unsigned q = 0; k->default_value && q < want[i].n && q < k->default_count; q++) {
            float f;
            memcpy(&f, &k->default_value[q], 4);
            CHECK_EQ(f, want[i].v[q]);
        }
    }
    const struct d3dbc_ctab_constant *k = ctab_find(&p, "nodefault");
    CHECK(k && k->default_value == NULL);
done:
    d3dbc_program_free(&p);
    if (b)
        ID3D10Blob_Release(b);
}

TEST(hlsl_d3d9_constant_table_layout)
{
    static const char src[] =
        "struct Light { float3 dir; float4 col; };\n"
        "Light lights[2];\n"
        "float unused;\n"
        "row_major float4x3 rm;\n"
        "bool flag;\n"
        "float4 k : register(c20);\n"
        "samplerCUBE env;\n"
        "float4 main(float3 n : TEXCOORD0) : COLOR\n"
        "{\n"
        "    float3 c = lights[0].col.rgb * dot(n, lights[1].dir) + mul(float4(n, 1), rm);\n"
        "    return float4(flag ? c : texCUBE(env, n).rgb, 1) + k;\n"
        "}\n";
    ID3DBlob *b = hc9(src, "ps_3_0");
    struct d3dbc_program p = {0};
    if (!b || !read_blob(b, &p))
        goto done;
    CHECK_STR_CONTAINS(p.ctab.target, "ps_3_0");
    CHECK_EQ(p.ctab.version, 0xffff0300u);
    CHECK_EQ(p.ctab.constant_count, 5);
    for (uint32_t i = 0; i < p.ctab.constant_count; i++)
        CHECK(strcmp(p.ctab.constants[i].name, "unused") != 0);
    const struct d3dbc_ctab_constant *l = ctab_find(&p, "lights"), *rm = ctab_find(&p, "rm"),
                                     *f = ctab_find(&p, "flag"), *k = ctab_find(&p, "k"),
                                     *env = ctab_find(&p, "env");
    if (!l || !rm || !f || !k || !env)
        goto done;
    CHECK_EQ(l->register_index, 0);
    CHECK_EQ(l->register_count, 4);          /* 2 elements x (dir, col) */
    CHECK_EQ(l->type.class_, 5);
    CHECK_EQ(l->type.elements, 2);
    CHECK_EQ(l->type.member_count, 2);
    if (l->type.member_count == 2) {
        CHECK(!strcmp(l->type.members[0].name, "dir"));
        CHECK_EQ(l->type.members[0].type.class_, 1);
        CHECK_EQ(l->type.members[0].type.columns, 3);
        CHECK(!strcmp(l->type.members[1].name, "col"));
    }
    CHECK_EQ(rm->register_index, 4);         /* after lights; `unused` takes nothing */
    CHECK_EQ(rm->register_count, 4);
    CHECK_EQ(rm->type.class_, 2);            /* D3DXPC_MATRIX_ROWS */
    CHECK_EQ(rm->type.rows, 4);
    CHECK_EQ(rm->type.columns, 3);
    CHECK_EQ(f->register_index, 8);
    CHECK_EQ(f->register_set, 2);
    CHECK_EQ(f->type.type, 1);               /* D3DXPT_BOOL */
    CHECK_EQ(k->register_index, 20);
    CHECK_EQ(env->register_set, 3);
    CHECK_EQ(env->type.type, 14);            /* D3DXPT_SAMPLERCUBE */
    CHECK_EQ(env->type.class_, 4);
done:
    d3dbc_program_free(&p);
    if (b)
        ID3D10Blob_Release(b);
}

/* What a d3dbc target cannot do is refused with fxc's message form and number. */
TEST(hlsl_d3d9_refusals)
{
    static const struct { const char *src, *target, *want; } cases[] = {
        {"float4 main(float2 uv : TEXCOORD0) : COLOR\n{ return ddx(uv.x); }", "ps_2_0",
         "d3d9.hlsl(2,10-13): error X4532: cannot map expression to ps_2_0 instruction set"},
        {"sampler2D s;\nfloat4 main(float4 p : POSITION) : POSITION\n{ return tex2Dlod(s, p); }",
         "vs_2_0", "d3d9.hlsl(3,10-18): error X4532: cannot map expression to vs_2_0"},
        {"sampler2D s;\nfloat4 main(float4 p : POSITION) : POSITION\n{ return tex2D(s, p.xy); }",
         "vs_3_0", "error X4532: implicit-LOD sampling"},
        {"float4 main(float f : VFACE) : COLOR { return f; }", "ps_2_0",
         "error X4502: SV_IsFrontFace is not available on targets before ps_3_0"},
        {"float4 main(float4 p : POSITION, out float3 n : NORMAL) : POSITION\n"
         "{ n = p.xyz; return p; }", "vs_2_0", "error X4502: invalid output semantic 'NORMAL0'"},
        {"float4 main(float4 c : BLENDWEIGHT0) : COLOR { return c; }", "ps_2_0",
         "error X4502: invalid input semantic 'BLENDWEIGHT0'"},
        {"float4 k;\nfloat4 main(float4 uv : TEXCOORD0) : COLOR\n{\n    float4 a = 0;\n"
         "    [loop] for (int i = 0; i < (int)k.x; i++) { if (uv.x > i) continue; a += uv; }\n"
         "    return a;\n}", "ps_3_0", "X4532: cannot map expression to ps_3_0 instruction set: "
         "continue"},
        {"float4 t[4];\nfloat4 main(float4 uv : TEXCOORD0) : COLOR { return t[(int)uv.x]; }",
         "ps_3_0", "a constant index computed at run time in a pixel shader"},
        {"float4 a : register(c0);\nfloat4x4 m : register(c2);\nfloat4 b : register(c3);\n"
         "float4 main(float4 p : POSITION) : POSITION { return mul(m, p) + a + b; }", "vs_2_0",
         "error X3530: 'b': register c3 overlaps another constant"},
        {"float4 big[40];\nfloat4 main() : COLOR { return big[39]; }", "ps_2_0",
         "error X4509: 'big' does not fit in the 32 constant registers of ps_2_0"},
        {"float4 main() : COLOR { return 1; }", "ps_1_1", "error X3539: ps_1_x"},
        {"float4 main() : COLOR { return 1; }", "ps_2_x", "error X3000: unrecognized compiler "
         "target 'ps_2_x'"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        ID3DBlob *code = NULL, *errors = NULL;
        CHECK_HR(D3DCompile(cases[i].src, strlen(cases[i].src), "d3d9.hlsl", NULL, NULL, "main",
                            cases[i].target, 0, 0, &code, &errors), E_FAIL);
        CHECK(code == NULL);
        CHECK(errors != NULL);
        if (errors) {
            CHECK_STR_CONTAINS((const char *)ID3D10Blob_GetBufferPointer(errors), cases[i].want);
            ID3D10Blob_Release(errors);
        }
    }
}
