/* tests/test_d3d9_process.c — IDirect3DDevice9::ProcessVertices (src/d3d9/process.c): the
 * fixed-function transform to screen space (XYZRHW after the viewport, D3D9's integer pixel
 * centres), clipping (D3DRS_CLIPPING: a vertex outside the frustum stays in projection space),
 * a lit vertex's diffuse colour, texture coordinates passed through (extra destination
 * components untouched), vs_1_1 / vs_2_0 outputs, DestIndex / SrcStartIndex,
 * D3DPV_DONOTCOPYDATA, the refusals (hardware device, mixed device in hardware mode, NULL
 * buffer, ranges, flags, vs_3_0 without a declaration), and the cross-check: the processed
 * vertices drawn as XYZRHW cover the same pixels with the same colours as the untransformed
 * vertices drawn through the fixed function.
 *
 * Expectations are the documented formulas evaluated here in double precision
 * ("IDirect3DDevice9::ProcessVertices", "Viewports and Clipping (Direct3D 9)"). */
#include "test_d3d9_render_util.h"

#define W 64
#define H 64

struct src_vert {
    float x, y, z;
    D3DCOLOR c;
    float u, v;
};
#define SRC_FVF (D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1)

struct dst_vert {
    float x, y, z, rhw;
    D3DCOLOR c;
    float u, v;
};
#define DST_FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1)

#define FILL 0xab
#define FILL32 0xababababu

static IDirect3DDevice9 *sw_device(void)
{
    return r9_device_flags(NULL, W, H, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
}

static IDirect3DVertexBuffer9 *make_vb(IDirect3DDevice9 *dev, const void *data, UINT size,
                                       DWORD usage, DWORD fvf)
{
    IDirect3DVertexBuffer9 *vb = NULL;
    void *p;
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, size, usage, fvf, D3DPOOL_SYSTEMMEM, &vb,
                                                 NULL), D3D_OK);
    if (!vb)
        return NULL;
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, &p, 0), D3D_OK);
    if (data)
        memcpy(p, data, size);
    else
        memset(p, FILL, size);
    IDirect3DVertexBuffer9_Unlock(vb);
    return vb;
}

static void read_vb(IDirect3DVertexBuffer9 *vb, void *out, UINT size)
{
    void *p;
    CHECK_HR(IDirect3DVertexBuffer9_Lock(vb, 0, 0, &p, D3DLOCK_READONLY), D3D_OK);
    memcpy(out, p, size);
    IDirect3DVertexBuffer9_Unlock(vb);
}

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

#define CHECK_NEAR(got, want, tol)                                                              \
    do {                                                                                        \
        double cn_g_ = (got), cn_w_ = (want);                                                   \
        if (!(fabs(cn_g_ - cn_w_) <= (tol)))                                                    \
            harness_fail(__FILE__, __LINE__, "%s = %.9g, expected %.9g", #got, cn_g_, cn_w_);   \
    } while (0)

static D3DMATRIX ident(void)
{
    D3DMATRIX m;
    memset(&m, 0, sizeof(m));
    m._11 = m._22 = m._33 = m._44 = 1.0f;
    return m;
}

/* world: scale 0.5 then translate (0.25, 0, 1); view: identity; projection: w = z,
 * z' = 0.5 z (row-vector convention, v * M). */
static void set_transforms(IDirect3DDevice9 *dev, D3DMATRIX *wld, D3DMATRIX *proj)
{
    *wld = ident();
    wld->_11 = wld->_22 = wld->_33 = 0.5f;
    wld->_41 = 0.25f;
    wld->_43 = 1.0f;
    *proj = ident();
    proj->_33 = 0.5f;
    proj->_34 = 1.0f;
    proj->_44 = 0.0f;
    D3DMATRIX view = ident();
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, wld);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &view);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, proj);
}

/* clip = v * world * proj in double */
static void clip_of(const D3DMATRIX *wld, const D3DMATRIX *proj, const struct src_vert *v,
                    double c[4])
{
    double p[4] = { v->x, v->y, v->z, 1.0 }, t[4];
    for (int j = 0; j < 4; j++)
        t[j] = p[0] * wld->m[0][j] + p[1] * wld->m[1][j] + p[2] * wld->m[2][j] +
               p[3] * wld->m[3][j];
    for (int j = 0; j < 4; j++)
        c[j] = t[0] * proj->m[0][j] + t[1] * proj->m[1][j] + t[2] * proj->m[2][j] +
               t[3] * proj->m[3][j];
}

TEST(d3d9_process_ff_transform_xyzrhw)
{
    IDirect3DDevice9 *dev = sw_device();
    if (!dev)
        return;
    D3DMATRIX wld, proj;
    set_transforms(dev, &wld, &proj);
    D3DVIEWPORT9 vp = { 4, 2, 32, 16, 0.25f, 0.75f };
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3D_OK);
    struct src_vert src[3] = {
        { 0.5f, 0.5f, 1.0f, 0xff204080, 0.25f, 0.75f },
        { -1.0f, 0.25f, 2.0f, 0x80ff0000, -3.0f, 8.5f },
        { 10.0f, 0.0f, 1.0f, 0xff00ff00, 0.0f, 1.0f },     /* x outside the frustum */
    };
    IDirect3DVertexBuffer9 *s = make_vb(dev, src, sizeof(src), 0, SRC_FVF);
    IDirect3DVertexBuffer9 *d = make_vb(dev, NULL, 3 * sizeof(struct dst_vert), 0, DST_FVF);
    struct dst_vert out[3];
    if (!s || !d)
        goto done;
    IDirect3DDevice9_SetStreamSource(dev, 0, s, 0, sizeof(src[0]));
    IDirect3DDevice9_SetFVF(dev, SRC_FVF);
    for (int clipping = 1; clipping >= 0; clipping--) {
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPING, (DWORD)clipping);
        CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 3, d, NULL, 0), D3D_OK);
        read_vb(d, out, sizeof(out));
        for (int i = 0; i < 3; i++) {
            double c[4];
            clip_of(&wld, &proj, &src[i], c);
            if (i == 2 && clipping) {
                /* outside: "stored in projection space coordinates" */
                CHECK_NEAR(out[i].x, c[0], 1e-5);
                CHECK_NEAR(out[i].y, c[1], 1e-5);
                CHECK_NEAR(out[i].z, c[2], 1e-5);
                CHECK_NEAR(out[i].rhw, c[3], 1e-5);
            } else {
                CHECK_NEAR(out[i].x, vp.X + (1.0 + c[0] / c[3]) * vp.Width / 2.0, 1e-4);
                CHECK_NEAR(out[i].y, vp.Y + (1.0 - c[1] / c[3]) * vp.Height / 2.0, 1e-4);
                CHECK_NEAR(out[i].z, vp.MinZ + c[2] / c[3] * (vp.MaxZ - vp.MinZ), 1e-6);
                CHECK_NEAR(out[i].rhw, 1.0 / c[3], 1e-6);
            }
            /* lighting off: the diffuse colour and the coordinates pass through */
            CHECK_EQ(out[i].c, src[i].c);
            CHECK_EQ(bits(out[i].u), bits(src[i].u));
            CHECK_EQ(bits(out[i].v), bits(src[i].v));
        }
    }
    /* the first vertex, by hand: world (0.5, 0.25, 1.5), clip (0.5, 0.25, 0.75, 1.5) */
    CHECK_NEAR(out[0].x, 4 + (1 + 0.5 / 1.5) * 16, 1e-4);
    CHECK_NEAR(out[0].y, 2 + (1 - 0.25 / 1.5) * 8, 1e-4);
    CHECK_NEAR(out[0].z, 0.25 + 0.5 * 0.5, 1e-6);
    CHECK_NEAR(out[0].rhw, 1 / 1.5, 1e-6);
done:
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    if (s)
        IDirect3DVertexBuffer9_Release(s);
    if (d)
        IDirect3DVertexBuffer9_Release(d);
    r9_end(dev);
}

TEST(d3d9_process_lit_diffuse)
{
    IDirect3DDevice9 *dev = sw_device();
    if (!dev)
        return;
    struct { float x, y, z, nx, ny, nz; } src[1] = { { 0, 0, 0.5f, 0, 0, -1 } };
    IDirect3DVertexBuffer9 *s = make_vb(dev, src, sizeof(src), 0, D3DFVF_XYZ | D3DFVF_NORMAL);
    IDirect3DVertexBuffer9 *d = make_vb(dev, NULL, sizeof(struct dst_vert), 0, DST_FVF);
    if (!s || !d)
        goto done;
    D3DMATRIX m = ident();
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &m);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &m);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &m);
    D3DLIGHT9 l;
    memset(&l, 0, sizeof(l));
    l.Type = D3DLIGHT_DIRECTIONAL;
    l.Diffuse.r = l.Diffuse.g = l.Diffuse.b = l.Diffuse.a = 1.0f;
    l.Direction.z = 1.0f;              /* towards +z: N.L = 1 for the normal (0, 0, -1) */
    CHECK_HR(IDirect3DDevice9_SetLight(dev, 0, &l), D3D_OK);
    CHECK_HR(IDirect3DDevice9_LightEnable(dev, 0, TRUE), D3D_OK);
    D3DMATERIAL9 mat;
    memset(&mat, 0, sizeof(mat));
    mat.Diffuse.r = 0.5f;
    mat.Diffuse.g = 0.25f;
    mat.Diffuse.b = 1.0f;
    mat.Diffuse.a = 0.75f;
    IDirect3DDevice9_SetMaterial(dev, &mat);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0);
    IDirect3DDevice9_SetStreamSource(dev, 0, s, 0, sizeof(src[0]));
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_NORMAL);
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 1, d, NULL, 0), D3D_OK);
    struct dst_vert out;
    read_vb(d, &out, sizeof(out));
    /* diffuse = material diffuse x light diffuse x N.L, alpha the material's diffuse alpha */
    CHECK_EQ(out.c, r9_argb(0.5, 0.25, 1.0, 0.75));
    CHECK_NEAR(out.x, 32.0, 1e-4);
    CHECK_NEAR(out.y, 32.0, 1e-4);
    CHECK_NEAR(out.z, 0.5, 1e-6);
    CHECK_NEAR(out.rhw, 1.0, 1e-6);
done:
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    if (s)
        IDirect3DVertexBuffer9_Release(s);
    if (d)
        IDirect3DVertexBuffer9_Release(d);
    r9_end(dev);
}

/* Two source coordinates into a four-component destination set: the extra two are left as
 * they were ("Direct3D does not change these extra components"); DestIndex and
 * SrcStartIndex place the range. */
TEST(d3d9_process_texcoords_and_dest_index)
{
    IDirect3DDevice9 *dev = sw_device();
    if (!dev)
        return;
    const DWORD dfvf = D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE4(0);
    struct dv { float x, y, z, rhw, t[4]; } out[6];
    struct src_vert src[4];
    for (int i = 0; i < 4; i++)
        src[i] = (struct src_vert){ 0.1f * (float)i, 0, 0.5f, 0xffffffff, (float)i + 0.5f,
                                    -(float)i };
    IDirect3DVertexBuffer9 *s = make_vb(dev, src, sizeof(src), 0, SRC_FVF);
    IDirect3DVertexBuffer9 *d = make_vb(dev, NULL, sizeof(out), 0, dfvf);
    if (!s || !d)
        goto done;
    IDirect3DDevice9_SetStreamSource(dev, 0, s, 0, sizeof(src[0]));
    IDirect3DDevice9_SetFVF(dev, SRC_FVF);
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 1, 3, 2, d, NULL, 0), D3D_OK);
    read_vb(d, out, sizeof(out));
    for (int i = 0; i < 6; i++) {
        uint32_t w[8];
        memcpy(w, &out[i], sizeof(w));
        if (i < 3 || i == 5) {
            for (int k = 0; k < 8; k++)
                CHECK_EQ(w[k], FILL32);          /* outside the destination range */
            continue;
        }
        const struct src_vert *v = &src[i - 3 + 1];
        CHECK_NEAR(out[i].x, 32.0 + v->x * 32.0, 1e-4);
        CHECK_EQ(bits(out[i].t[0]), bits(v->u));
        CHECK_EQ(bits(out[i].t[1]), bits(v->v));
        CHECK_EQ(w[6], FILL32);
        CHECK_EQ(w[7], FILL32);
    }
done:
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    if (s)
        IDirect3DVertexBuffer9_Release(s);
    if (d)
        IDirect3DVertexBuffer9_Release(d);
    r9_end(dev);
}

/* D3DPV_DONOTCOPYDATA: what the vertex operation does not affect is not written — the
 * passed-through colour and coordinates with lighting off; the lit colour is written. */
TEST(d3d9_process_donotcopydata)
{
    IDirect3DDevice9 *dev = sw_device();
    if (!dev)
        return;
    struct { float x, y, z, nx, ny, nz; D3DCOLOR c; float u, v; } src[1] = {
        { 0, 0, 0.5f, 0, 0, -1, 0xff102030, 0.5f, 0.25f } };
    const DWORD sfvf = D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE | D3DFVF_TEX1;
    IDirect3DVertexBuffer9 *s = make_vb(dev, src, sizeof(src), 0, sfvf);
    IDirect3DVertexBuffer9 *d = make_vb(dev, NULL, sizeof(struct dst_vert), 0, DST_FVF);
    struct dst_vert out;
    if (!s || !d)
        goto done;
    IDirect3DDevice9_SetStreamSource(dev, 0, s, 0, sizeof(src[0]));
    IDirect3DDevice9_SetFVF(dev, sfvf);
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 1, d, NULL, D3DPV_DONOTCOPYDATA),
             D3D_OK);
    read_vb(d, &out, sizeof(out));
    CHECK_NEAR(out.x, 32.0, 1e-4);
    CHECK_NEAR(out.rhw, 1.0, 1e-6);
    CHECK_EQ(out.c, FILL32);
    CHECK_EQ(bits(out.u), FILL32);
    CHECK_EQ(bits(out.v), FILL32);
    /* lighting on (no light: the ambient term only): the diffuse colour is the operation's */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0xff808080);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORVERTEX, FALSE);
    D3DMATERIAL9 mat;
    memset(&mat, 0, sizeof(mat));
    mat.Ambient.r = mat.Ambient.g = mat.Ambient.b = 1.0f;
    mat.Diffuse.a = 1.0f;
    IDirect3DDevice9_SetMaterial(dev, &mat);
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 1, d, NULL,
                                              D3DPV_DONOTCOPYDATA | D3DLOCK_NOOVERWRITE),
             D3D_OK);
    read_vb(d, &out, sizeof(out));
    CHECK_EQ(out.c, r9_argb(128.0 / 255, 128.0 / 255, 128.0 / 255, 1.0));
    CHECK_EQ(bits(out.u), FILL32);
    /* without the flag the coordinates are copied */
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 1, d, NULL, 0), D3D_OK);
    read_vb(d, &out, sizeof(out));
    CHECK_EQ(bits(out.u), bits(0.5f));
    CHECK_EQ(bits(out.v), bits(0.25f));
done:
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    if (s)
        IDirect3DVertexBuffer9_Release(s);
    if (d)
        IDirect3DVertexBuffer9_Release(d);
    r9_end(dev);
}

TEST(d3d9_process_vertex_shader)
{
    static const char *const versions[2] = { "vs_1_1", "vs_2_0" };
    for (int k = 0; k < 2; k++) {
        IDirect3DDevice9 *dev = sw_device();
        if (!dev)
            return;
        char text[256];
        snprintf(text, sizeof(text),
                 "%s\n"
                 "dcl_position v0\n"
                 "dcl_texcoord v1\n"
                 "m4x4 oPos, v0, c0\n"
                 "mov oD0, c4\n"
                 "mov oT0, v1\n", versions[k]);
        DWORD *tok = r9_asm(text);
        IDirect3DVertexShader9 *vs = NULL;
        if (tok)
            CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, tok, &vs), D3D_OK);
        free(tok);
        struct src_vert src[2] = { { 0.5f, -0.5f, 0.25f, 0, 0.125f, 2.0f },
                                   { -1.0f, 1.0f, 1.0f, 0, -1.0f, 0.0f } };
        IDirect3DVertexBuffer9 *s = make_vb(dev, src, sizeof(src), 0, SRC_FVF);
        IDirect3DVertexBuffer9 *d = make_vb(dev, NULL, 2 * sizeof(struct dst_vert), 0, DST_FVF);
        if (vs && s && d) {
            /* c0..c3: x' = 2x, y' = y, z' = z, w = 2 (columns for m4x4: dp4 rows) */
            const float c[20] = { 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2,
                                  1.0f, 0.5f, 0.25f, 0.75f };
            IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, c, 5);
            IDirect3DDevice9_SetVertexShader(dev, vs);
            IDirect3DDevice9_SetStreamSource(dev, 0, s, 0, sizeof(src[0]));
            IDirect3DDevice9_SetFVF(dev, SRC_FVF);
            CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, d, NULL, 0), D3D_OK);
            struct dst_vert out[2];
            read_vb(d, out, sizeof(out));
            for (int i = 0; i < 2; i++) {
                double x = 2.0 * src[i].x / 2.0, y = src[i].y / 2.0, z = src[i].z / 2.0;
                CHECK_NEAR(out[i].x, (1.0 + x) * 32.0, 1e-4);
                CHECK_NEAR(out[i].y, (1.0 - y) * 32.0, 1e-4);
                CHECK_NEAR(out[i].z, z, 1e-6);
                CHECK_NEAR(out[i].rhw, 0.5, 1e-6);
                CHECK_EQ(out[i].c, r9_argb(1.0, 0.5, 0.25, 0.75));
                CHECK_EQ(bits(out[i].u), bits(src[i].u));
                CHECK_EQ(bits(out[i].v), bits(src[i].v));
            }
        }
        IDirect3DDevice9_SetVertexShader(dev, NULL);
        IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
        if (vs)
            CHECK_EQ(IDirect3DVertexShader9_Release(vs), 0);
        if (s)
            IDirect3DVertexBuffer9_Release(s);
        if (d)
            IDirect3DVertexBuffer9_Release(d);
        r9_end(dev);
    }
}

/* Every refusal is D3DERR_INVALIDCALL and leaves the destination as it was. */
static void check_untouched(IDirect3DVertexBuffer9 *d, UINT size)
{
    uint8_t buf[512];
    read_vb(d, buf, size);
    for (UINT i = 0; i < size; i++)
        if (buf[i] != FILL) {
            harness_fail(__FILE__, __LINE__, "byte %u of the destination changed", i);
            return;
        }
}

TEST(d3d9_process_refusals)
{
    struct src_vert src[2] = { { 0, 0, 0.5f, 0xffffffff, 0, 0 }, { 1, 1, 0.5f, 0, 1, 1 } };
    const UINT dsize = 2 * sizeof(struct dst_vert);
    /* a hardware device */
    IDirect3DDevice9 *dev = r9_device(W, H);
    if (!dev)
        return;
    IDirect3DVertexBuffer9 *s = make_vb(dev, src, sizeof(src), 0, SRC_FVF);
    IDirect3DVertexBuffer9 *d = make_vb(dev, NULL, dsize, 0, DST_FVF);
    IDirect3DDevice9_SetStreamSource(dev, 0, s, 0, sizeof(src[0]));
    IDirect3DDevice9_SetFVF(dev, SRC_FVF);
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, d, NULL, 0), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "software vertex processing");
    if (d)
        check_untouched(d, dsize);
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    IDirect3DVertexBuffer9_Release(s);
    IDirect3DVertexBuffer9_Release(d);
    r9_end(dev);

    /* a mixed device: refused in hardware mode, done in software mode */
    dev = r9_device_flags(NULL, W, H, D3DCREATE_MIXED_VERTEXPROCESSING);
    if (!dev)
        return;
    s = make_vb(dev, src, sizeof(src), D3DUSAGE_SOFTWAREPROCESSING, SRC_FVF);
    d = make_vb(dev, NULL, dsize, D3DUSAGE_SOFTWAREPROCESSING, DST_FVF);
    IDirect3DDevice9_SetStreamSource(dev, 0, s, 0, sizeof(src[0]));
    IDirect3DDevice9_SetFVF(dev, SRC_FVF);
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, d, NULL, 0), D3DERR_INVALIDCALL);
    if (d)
        check_untouched(d, dsize);
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3D_OK);
    /* NULL buffer, ranges, flags */
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, NULL, NULL, 0), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "pDestBuffer");
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 1, 0, 2, d, NULL, 0), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "SrcStartIndex");
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 1, 2, d, NULL, 0), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "DestIndex");
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0xffffffffu, 2, d, NULL, 0),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, d, NULL, D3DLOCK_READONLY),
             D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "Flags");
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, d, NULL, 0x80000000u),
             D3DERR_INVALIDCALL);
    /* no source stream */
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, d, NULL, 0), D3DERR_INVALIDCALL);
    if (d)
        check_untouched(d, dsize);
    /* a destination without an FVF needs pVertexDecl */
    IDirect3DVertexBuffer9 *nofvf = make_vb(dev, NULL, dsize, D3DUSAGE_SOFTWAREPROCESSING, 0);
    IDirect3DDevice9_SetStreamSource(dev, 0, s, 0, sizeof(src[0]));
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, nofvf, NULL, 0),
             D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "FVF");
    static const D3DVERTEXELEMENT9 out_decl[] = {
        { 0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITIONT, 0 },
        { 0, 16, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0 },
        D3DDECL_END()
    };
    IDirect3DVertexDeclaration9 *decl = NULL;
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, out_decl, &decl), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, nofvf, decl, 0), D3D_OK);
    struct { float x, y, z, rhw; D3DCOLOR c; } o[2];
    read_vb(nofvf, o, sizeof(o));
    CHECK_EQ(o[0].c, 0xffffffffu);
    CHECK_EQ(o[1].c, 0u);
    CHECK_NEAR(o[1].x, 64.0, 1e-4);
    CHECK_NEAR(o[1].y, 0.0, 1e-4);
    /* vs_3_0 needs the output declaration */
    DWORD *tok = r9_asm("vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0\n");
    IDirect3DVertexShader9 *vs = NULL;
    if (tok)
        CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, tok, &vs), D3D_OK);
    free(tok);
    if (vs) {
        IDirect3DDevice9_SetVertexShader(dev, vs);
        CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, d, NULL, 0),
                 D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "vs_3_0");
        CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, nofvf, decl, 0), D3D_OK);
        IDirect3DDevice9_SetVertexShader(dev, NULL);
        CHECK_EQ(IDirect3DVertexShader9_Release(vs), 0);
    }
    /* the valid call */
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 2, d, NULL, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 0, d, NULL, 0), D3D_OK);
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    IDirect3DVertexBuffer9_Release(nofvf);
    IDirect3DVertexBuffer9_Release(s);
    IDirect3DVertexBuffer9_Release(d);
    r9_end(dev);
}

/* The processed vertices drawn as XYZRHW give the pixels of the untransformed vertices drawn
 * through the fixed function: the viewport mapping (integer pixel centres) agrees with the
 * draw path's; perspective (w from 1 to 3) checks rhw. */
TEST(d3d9_process_draw_matches_untransformed)
{
    IDirect3DDevice9 *dev = sw_device();
    if (!dev)
        return;
    D3DMATRIX wld, proj;
    set_transforms(dev, &wld, &proj);
    D3DVIEWPORT9 vp = { 3, 5, 50, 40, 0.0f, 1.0f };
    IDirect3DDevice9_SetViewport(dev, &vp);
    struct src_vert src[6] = {
        { -1.7f, -1.3f, 0.1f, 0xffff0000, 0, 0 }, { 1.9f, -0.9f, 3.5f, 0xff00ff00, 0, 0 },
        { -0.3f, 2.1f, 1.2f, 0xff0000ff, 0, 0 }, { 0.2f, 0.3f, 0.4f, 0x80ffffff, 0, 0 },
        { 1.1f, 1.6f, 2.0f, 0xff808000, 0, 0 }, { -1.0f, 0.9f, 0.7f, 0xff00ffff, 0, 0 },
    };
    IDirect3DVertexBuffer9 *s = make_vb(dev, src, sizeof(src), 0, SRC_FVF);
    IDirect3DVertexBuffer9 *d = make_vb(dev, NULL, 6 * sizeof(struct dst_vert), 0, DST_FVF);
    uint32_t *a = calloc(W * H, 4), *b = calloc(W * H, 4);
    if (!s || !d || !a || !b)
        goto done;
    IDirect3DDevice9_SetFVF(dev, SRC_FVF);
    IDirect3DDevice9_SetStreamSource(dev, 0, s, 0, sizeof(src[0]));
    r9_clear(dev, 0xff000000);
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2), D3D_OK);
    r9_read(dev, a);
    CHECK_HR(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 6, d, NULL, 0), D3D_OK);
    IDirect3DDevice9_SetFVF(dev, DST_FVF);
    IDirect3DDevice9_SetStreamSource(dev, 0, d, 0, sizeof(struct dst_vert));
    r9_clear(dev, 0xff000000);
    CHECK_HR(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2), D3D_OK);
    r9_read(dev, b);
    unsigned covered = 0, differ = 0;
    for (int i = 0; i < W * H; i++) {
        covered += a[i] != 0xff000000u;
        differ += !r9_near(a[i], b[i], 1);
    }
    CHECK(covered > 200);
    CHECK_EQ(differ, 0u);
done:
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    free(a);
    free(b);
    if (s)
        IDirect3DVertexBuffer9_Release(s);
    if (d)
        IDirect3DVertexBuffer9_Release(d);
    r9_end(dev);
}
