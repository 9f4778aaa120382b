/* bench/softd3d9_scene.c — the Direct3D 9 scenes (scenes.h: lit, d3d9_flat, d3d9_tex,
 * d3d9_blend, d3d9_ff) through softd3d's public Direct3D 9 API.
 *
 * The lit scene, as a fixed-function application would draw it: a HAL device with hardware
 * vertex processing (the default `max` profile unless SOFTD3D_PROFILE says otherwise), a
 * 1920x1080 A8R8G8B8 back buffer with a D24S8 automatic depth buffer, a D3DFVF_XYZ |
 * D3DFVF_NORMAL vertex buffer and a 16-bit index buffer in D3DPOOL_DEFAULT, one directional
 * light, a material and D3DRS_AMBIENT; per frame: Clear, BeginScene, one DrawIndexedPrimitive,
 * EndScene, then an event query waited on with D3DGETDATA_FLUSH (the frame is finished when the
 * query signals, as for a GPU).  Read-back: GetRenderTargetData into a system-memory surface,
 * A8R8G8B8 (B, G, R, A bytes) turned into RGBA.
 *
 * The transform: world = view = identity, so lighting happens in the pixel space of the scene's
 * positions (scenes.h, struct bench_lighting), and projection = the scene's pixel matrix (its
 * column-major floats are exactly the D3DMATRIX of D3D's row-vector convention, v' = v M) moved
 * by half a pixel left and up: a D3D9 pixel's centre is at integer window coordinates ("Directly
 * Mapping Texels to Pixels"), GL's and D3D11's at +0.5, so the same vertex must land 0.5 lower
 * in D3D9 window space to cover the same pixels.  In clip space that is -1/W on x and +1/H on y
 * (y is flipped).
 *
 * d3d9_flat / d3d9_tex / d3d9_blend: the quads of (b)-(d) as pre-transformed D3DFVF_XYZRHW |
 * D3DFVF_DIFFUSE [| D3DFVF_TEX1] vertices (x, y, z, rhw = 1, a D3DCOLOR, u, v), built in prepare
 * and drawn from user memory with one DrawPrimitiveUP a quad, the way 2D and UI code draws
 * through D3D9.  Pre-transformed positions are window coordinates, so the half-pixel move is
 * made on them: x - 0.5, y - 0.5.  The texture: the 256x256 mip chain in a D3DPOOL_MANAGED
 * A8R8G8B8 texture, sampled MIN/MAG/MIP LINEAR with wrap; stage 0 MODULATE (texture x diffuse)
 * for colour and alpha, stage 1 disabled; blending SRCALPHA / INVSRCALPHA (D3D9 blends the alpha
 * channel with the same factors, as the D3D11 and GL sides do).  No depth test.
 * d3d9_ff: (e)'s triangles as D3DFVF_XYZ | D3DFVF_DIFFUSE in a D3DPOOL_DEFAULT vertex buffer,
 * the lit scene's transforms with lighting off (the vertex colour passes through), depth test
 * LESS with writes, one DrawPrimitive per 250,000 triangles. */
#define COBJMACROS
#include <windows.h>
#include <d3d9.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "renderer.h"
#include "softd3d_util.h"

struct sd9 {
    uint32_t width, height;
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DQuery9 *event;
    IDirect3DSurface9 *backbuffer, *sysmem;
    /* per scene */
    IDirect3DVertexBuffer9 *vb;
    IDirect3DIndexBuffer9 *ib;
    IDirect3DTexture9 *tex;
    uint8_t *up;               /* the pre-transformed vertices DrawPrimitiveUP reads */
    UINT up_stride;
    DWORD fvf;
};

/* A pre-transformed vertex (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1); without TEX1 the
 * same minus u, v (20 bytes). */
struct rhw_vertex {
    float x, y, z, rhw;
    D3DCOLOR diffuse;
    float u, v;
};

/* The D3D9 vertex of d3d9_ff (D3DFVF_XYZ | D3DFVF_DIFFUSE). */
struct xyz_vertex {
    float x, y, z;
    D3DCOLOR diffuse;
};


static void sd9_release(void *self)
{
    struct sd9 *b = self;
    if (b->dev) {
        IDirect3DDevice9_SetStreamSource(b->dev, 0, NULL, 0, 0);
        IDirect3DDevice9_SetIndices(b->dev, NULL);
    }
    if (b->dev)
        IDirect3DDevice9_SetTexture(b->dev, 0, NULL);
    RELEASE(IDirect3DVertexBuffer9, b->vb);
    RELEASE(IDirect3DIndexBuffer9, b->ib);
    RELEASE(IDirect3DTexture9, b->tex);
    free(b->up);
    b->up = NULL;
}

static D3DCOLOR d3dcolor(const uint8_t rgba[4])
{
    return D3DCOLOR_ARGB(rgba[3], rgba[0], rgba[1], rgba[2]);
}

/* World = view = identity, projection = the pixel matrix moved by half a pixel (top comment). */
static void set_transforms(IDirect3DDevice9 *dev, const struct bench_scene *s)
{
    D3DMATRIX ident, proj;
    memset(&ident, 0, sizeof(ident));
    ident._11 = ident._22 = ident._33 = ident._44 = 1.0f;
    memcpy(&proj, s->matrix, sizeof(proj));
    proj._41 -= 1.0f / (float)s->width;
    proj._42 += 1.0f / (float)s->height;
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &ident);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &ident);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &proj);
}

/* The states every scene sets the same way, and the ones it sets by its flags. */
static void set_common_states(IDirect3DDevice9 *dev, const struct bench_scene *s)
{
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SHADEMODE, D3DSHADE_GOURAUD);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, s->depth_test ? D3DZB_TRUE : D3DZB_FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZWRITEENABLE, s->depth_test);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, s->blend);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_BLENDOP, D3DBLENDOP_ADD);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DITHERENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SPECULARENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, FALSE);
    if (s->textured) {
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, D3DTA_DIFFUSE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_MODULATE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG2, D3DTA_DIFFUSE);
    } else {
        /* the diffuse colour and alpha as they are */
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    }
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_DISABLE);
}

/* The 256x256 mip chain as a managed A8R8G8B8 texture (B, G, R, A bytes), trilinear, wrap. */
static int make_texture(struct sd9 *b, const struct bench_scene *s, char *err, size_t n)
{
    IDirect3DDevice9 *dev = b->dev;
    HRESULT hr;
    if (FAILED(hr = IDirect3DDevice9_CreateTexture(dev, BENCH_TEX_SIZE, BENCH_TEX_SIZE,
                                                   BENCH_TEX_LEVELS, 0, D3DFMT_A8R8G8B8,
                                                   D3DPOOL_MANAGED, &b->tex, NULL)))
        return fail(err, n, "CreateTexture", hr);
    for (UINT l = 0; l < BENCH_TEX_LEVELS; l++) {
        const UINT size = BENCH_TEX_SIZE >> l;
        const uint8_t *src = s->tex_level[l];
        D3DLOCKED_RECT lr;
        if (FAILED(hr = IDirect3DTexture9_LockRect(b->tex, l, &lr, NULL, 0)))
            return fail(err, n, "IDirect3DTexture9::LockRect", hr);
        for (UINT y = 0; y < size; y++) {
            uint8_t *dst = (uint8_t *)lr.pBits + (size_t)y * (size_t)lr.Pitch;
            for (UINT x = 0; x < size; x++, src += 4) {   /* R, G, B, A -> B, G, R, A */
                dst[x * 4 + 0] = src[2];
                dst[x * 4 + 1] = src[1];
                dst[x * 4 + 2] = src[0];
                dst[x * 4 + 3] = src[3];
            }
        }
        IDirect3DTexture9_UnlockRect(b->tex, l);
    }
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)b->tex);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_WRAP);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSV, D3DTADDRESS_WRAP);
    return 0;
}

/* d3d9_flat, d3d9_tex, d3d9_blend: the pre-transformed quads (top comment). */
static int prepare_quads(struct sd9 *b, const struct bench_scene *s, char *err, size_t n)
{
    IDirect3DDevice9 *dev = b->dev;
    b->fvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | (s->textured ? D3DFVF_TEX1 : 0);
    b->up_stride = s->textured ? (UINT)sizeof(struct rhw_vertex) : 20;
    if (!(b->up = malloc((size_t)s->vertex_count * b->up_stride))) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    for (uint32_t i = 0; i < s->vertex_count; i++) {
        const struct bench_vertex *v = &s->vertices[i];
        struct rhw_vertex r = {v->pos[0] - 0.5f, v->pos[1] - 0.5f, v->pos[2], 1.0f,
                               d3dcolor(v->color), v->uv[0], v->uv[1]};
        memcpy(b->up + (size_t)i * b->up_stride, &r, b->up_stride);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    set_common_states(dev, s);
    if (s->textured && make_texture(b, s, err, n))
        return -1;
    IDirect3DDevice9_SetFVF(dev, b->fvf);
    return 0;
}

/* d3d9_ff: the triangles of (e) from a vertex buffer through the FF vertex pipeline. */
static int prepare_ff(struct sd9 *b, const struct bench_scene *s, char *err, size_t n)
{
    IDirect3DDevice9 *dev = b->dev;
    UINT size = s->vertex_count * (UINT)sizeof(struct xyz_vertex);
    void *p = NULL;
    HRESULT hr;
    b->fvf = D3DFVF_XYZ | D3DFVF_DIFFUSE;
    if (FAILED(hr = IDirect3DDevice9_CreateVertexBuffer(dev, size, D3DUSAGE_WRITEONLY, b->fvf,
                                                        D3DPOOL_DEFAULT, &b->vb, NULL)))
        return fail(err, n, "CreateVertexBuffer", hr);
    if (FAILED(hr = IDirect3DVertexBuffer9_Lock(b->vb, 0, 0, &p, 0)))
        return fail(err, n, "IDirect3DVertexBuffer9::Lock", hr);
    for (uint32_t i = 0; i < s->vertex_count; i++) {
        const struct bench_vertex *v = &s->vertices[i];
        struct xyz_vertex x = {v->pos[0], v->pos[1], v->pos[2], d3dcolor(v->color)};
        memcpy((uint8_t *)p + (size_t)i * sizeof(x), &x, sizeof(x));
    }
    IDirect3DVertexBuffer9_Unlock(b->vb);
    set_transforms(dev, s);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    set_common_states(dev, s);
    IDirect3DDevice9_SetFVF(dev, b->fvf);
    IDirect3DDevice9_SetStreamSource(dev, 0, b->vb, 0, sizeof(struct xyz_vertex));
    DWORD passes = 0;
    if (FAILED(hr = IDirect3DDevice9_ValidateDevice(dev, &passes)) || passes != 1)
        return fail(err, n, "ValidateDevice", hr);
    return 0;
}

static D3DCOLORVALUE color_value(const float c[4])
{
    D3DCOLORVALUE v = {c[0], c[1], c[2], c[3]};
    return v;
}

static int sd9_prepare(void *self, const struct bench_scene *s, char *err, size_t n)
{
    struct sd9 *b = self;
    IDirect3DDevice9 *dev = b->dev;
    const struct bench_lighting *l = &s->lighting;
    void *p = NULL;
    HRESULT hr;
    if (!s->d3d9) {
        snprintf(err, n, "scene %s is not a Direct3D 9 scene", s->name);
        return -1;
    }
    if (s->pretransformed)
        return prepare_quads(b, s, err, n);
    if (!s->lit)
        return prepare_ff(b, s, err, n);
    UINT vb_size = s->lit_vertex_count * (UINT)sizeof(struct bench_lit_vertex);
    UINT ib_size = s->index_count * (UINT)sizeof(uint16_t);
    if (FAILED(hr = IDirect3DDevice9_CreateVertexBuffer(dev, vb_size, D3DUSAGE_WRITEONLY,
                                                        D3DFVF_XYZ | D3DFVF_NORMAL,
                                                        D3DPOOL_DEFAULT, &b->vb, NULL)))
        return fail(err, n, "CreateVertexBuffer", hr);
    if (FAILED(hr = IDirect3DVertexBuffer9_Lock(b->vb, 0, 0, &p, 0)))
        return fail(err, n, "IDirect3DVertexBuffer9::Lock", hr);
    memcpy(p, s->lit_vertices, vb_size);
    IDirect3DVertexBuffer9_Unlock(b->vb);
    if (FAILED(hr = IDirect3DDevice9_CreateIndexBuffer(dev, ib_size, D3DUSAGE_WRITEONLY,
                                                       D3DFMT_INDEX16, D3DPOOL_DEFAULT, &b->ib,
                                                       NULL)))
        return fail(err, n, "CreateIndexBuffer", hr);
    if (FAILED(hr = IDirect3DIndexBuffer9_Lock(b->ib, 0, 0, &p, 0)))
        return fail(err, n, "IDirect3DIndexBuffer9::Lock", hr);
    memcpy(p, s->indices, ib_size);
    IDirect3DIndexBuffer9_Unlock(b->ib);

    set_transforms(dev, s);

    /* Lighting (scenes.h, struct bench_lighting). */
    D3DLIGHT9 light;
    memset(&light, 0, sizeof(light));
    light.Type = D3DLIGHT_DIRECTIONAL;
    light.Diffuse = color_value(l->light_diffuse);
    light.Ambient = color_value(l->light_ambient);
    light.Direction.x = -l->to_light[0];
    light.Direction.y = -l->to_light[1];
    light.Direction.z = -l->to_light[2];
    D3DMATERIAL9 mat;
    memset(&mat, 0, sizeof(mat));
    mat.Diffuse = color_value(l->material_diffuse);
    mat.Ambient = color_value(l->material_ambient);
    if (FAILED(hr = IDirect3DDevice9_SetLight(dev, 0, &light)))
        return fail(err, n, "SetLight", hr);
    if (FAILED(hr = IDirect3DDevice9_LightEnable(dev, 0, TRUE)))
        return fail(err, n, "LightEnable", hr);
    if (FAILED(hr = IDirect3DDevice9_SetMaterial(dev, &mat)))
        return fail(err, n, "SetMaterial", hr);
    D3DCOLOR ambient = D3DCOLOR_ARGB(0, (int)(l->global_ambient[0] * 255.0f + 0.5f),
                                     (int)(l->global_ambient[1] * 255.0f + 0.5f),
                                     (int)(l->global_ambient[2] * 255.0f + 0.5f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, ambient);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_NORMALIZENORMALS, FALSE);   /* unit normals */
    /* The lit diffuse colour and alpha as they are: no texture stage changes them. */
    set_common_states(dev, s);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_NORMAL);
    IDirect3DDevice9_SetStreamSource(dev, 0, b->vb, 0, sizeof(struct bench_lit_vertex));
    IDirect3DDevice9_SetIndices(dev, b->ib);
    DWORD passes = 0;
    if (FAILED(hr = IDirect3DDevice9_ValidateDevice(dev, &passes)) || passes != 1)
        return fail(err, n, "ValidateDevice", hr);
    return 0;
}

static int sd9_frame(void *self, const struct bench_scene *s)
{
    struct sd9 *b = self;
    IDirect3DDevice9 *dev = b->dev;
    /* rounded, as GL converts glClearColor (D3DCOLOR_COLORVALUE truncates: 0.5 -> 127; a
     * scene whose clear colour shows, d3d9_ui, would be 1 darker everywhere) */
#define CH(c) ((DWORD)((c) * 255.0f + 0.5f))
    D3DCOLOR clear = D3DCOLOR_ARGB(CH(s->clear_color[3]), CH(s->clear_color[0]),
                                   CH(s->clear_color[1]), CH(s->clear_color[2]));
#undef CH
    BOOL done = FALSE;
    HRESULT hr = D3D_OK;
    if (FAILED(IDirect3DDevice9_Clear(dev, 0, NULL,
                                      D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL,
                                      clear, s->clear_depth, 0)) ||
        FAILED(IDirect3DDevice9_BeginScene(dev)))
        return -1;
    if (s->lit)
        hr = IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0,
                                                   s->lit_vertex_count, 0, s->index_count / 3);
    else
        for (uint32_t d = 0; d < s->draw_count && SUCCEEDED(hr); d++) {
            const struct bench_draw *dr = &s->draws[d];
            if (s->pretransformed)
                hr = IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, dr->count / 3,
                                                      b->up + (size_t)dr->first * b->up_stride,
                                                      b->up_stride);
            else
                hr = IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, dr->first,
                                                    dr->count / 3);
        }
    if (FAILED(IDirect3DDevice9_EndScene(dev)) || FAILED(hr))
        return -1;
    if (FAILED(IDirect3DQuery9_Issue(b->event, D3DISSUE_END)))
        return -1;
    while ((hr = IDirect3DQuery9_GetData(b->event, &done, sizeof(done), D3DGETDATA_FLUSH)) ==
           S_FALSE)
        ;
    return hr == S_OK && done ? 0 : -1;
}

static int sd9_read(void *self, uint8_t *rgba)
{
    struct sd9 *b = self;
    D3DLOCKED_RECT lr;
    if (FAILED(IDirect3DDevice9_GetRenderTargetData(b->dev, b->backbuffer, b->sysmem)) ||
        FAILED(IDirect3DSurface9_LockRect(b->sysmem, &lr, NULL, D3DLOCK_READONLY)))
        return -1;
    for (uint32_t y = 0; y < b->height; y++) {
        const uint8_t *src = (const uint8_t *)lr.pBits + (size_t)y * (size_t)lr.Pitch;
        uint8_t *dst = rgba + (size_t)y * b->width * 4;
        for (uint32_t x = 0; x < b->width; x++) {   /* B, G, R, A -> R, G, B, A */
            dst[x * 4 + 0] = src[x * 4 + 2];
            dst[x * 4 + 1] = src[x * 4 + 1];
            dst[x * 4 + 2] = src[x * 4 + 0];
            dst[x * 4 + 3] = src[x * 4 + 3];
        }
    }
    IDirect3DSurface9_UnlockRect(b->sysmem);
    return 0;
}

static void sd9_destroy(void *self)
{
    struct sd9 *b = self;
    if (!b)
        return;
    sd9_release(b);
    RELEASE(IDirect3DQuery9, b->event);
    RELEASE(IDirect3DSurface9, b->backbuffer);
    RELEASE(IDirect3DSurface9, b->sysmem);
    RELEASE(IDirect3DDevice9, b->dev);
    RELEASE(IDirect3D9, b->d3d);
    free(b);
}

int softd3d9_renderer_create(uint32_t width, uint32_t height, struct bench_renderer *out,
                             char *err, size_t n)
{
    struct sd9 *b = calloc(1, sizeof(*b));
    D3DPRESENT_PARAMETERS pp;
    HRESULT hr;
    memset(out, 0, sizeof(*out));
    if (!b) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    b->width = width;
    b->height = height;
    if (!(b->d3d = Direct3DCreate9(D3D_SDK_VERSION))) {
        snprintf(err, n, "Direct3DCreate9 failed");
        goto failed;
    }
    memset(&pp, 0, sizeof(pp));
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.BackBufferWidth = width;
    pp.BackBufferHeight = height;
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    if (FAILED(hr = IDirect3D9_CreateDevice(b->d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL,
                                            D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &b->dev))) {
        fail(err, n, "IDirect3D9::CreateDevice", hr);
        goto failed;
    }
    if (FAILED(hr = IDirect3DDevice9_CreateQuery(b->dev, D3DQUERYTYPE_EVENT, &b->event))) {
        fail(err, n, "CreateQuery(D3DQUERYTYPE_EVENT)", hr);
        goto failed;
    }
    if (FAILED(hr = IDirect3DDevice9_GetBackBuffer(b->dev, 0, 0, D3DBACKBUFFER_TYPE_MONO,
                                                   &b->backbuffer)) ||
        FAILED(hr = IDirect3DDevice9_CreateOffscreenPlainSurface(b->dev, width, height,
                                                                 D3DFMT_A8R8G8B8,
                                                                 D3DPOOL_SYSTEMMEM, &b->sysmem,
                                                                 NULL))) {
        fail(err, n, "the read-back surfaces", hr);
        goto failed;
    }
    D3DADAPTER_IDENTIFIER9 id;
    memset(&id, 0, sizeof(id));
    IDirect3D9_GetAdapterIdentifier(b->d3d, D3DADAPTER_DEFAULT, 0, &id);
    out->name = "softd3d-d3d9";
    snprintf(out->description, sizeof(out->description),
             "%.80s, IDirect3DDevice9 fixed function, hardware vertex processing",
             id.Description);
    out->self = b;
    out->prepare = sd9_prepare;
    out->frame = sd9_frame;
    out->read = sd9_read;
    out->release = sd9_release;
    out->destroy = sd9_destroy;
    return 0;
failed:
    sd9_destroy(b);
    return -1;
}
