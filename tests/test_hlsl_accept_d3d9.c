/* tests/test_hlsl_accept_d3d9.c — the acceptance scenes (hlsl_accept.h) for vs/ps_2_0 and
 * vs/ps_3_0, drawn through IDirect3DDevice9 as a D3D9 program would: the bare token streams to
 * CreateVertexShader/CreatePixelShader, each uniform set at the register its constant table
 * names, the texture on the sampler the table names, a vertex declaration of float4 elements.
 * D3D9 puts pixel centres on integer coordinates ("Directly Mapping Texels to Pixels"), so the
 * positions move by half a pixel up and left: the same pixel centres as D3D10+.  vs_3_0 runs in
 * software vertex processing (the hardware caps stop at vs_2_x).
 */
#define COBJMACROS
#include "test_d3d9_render_util.h"

#include "d3dcompiler.h"
#include "hlsl_accept.h"
#include "shader/d3dbc.h"

static const struct d3dbc_ctab_constant *ctab_named(const struct d3dbc_program *p,
                                                    const char *name)
{
    for (uint32_t i = 0; p->has_ctab && i < p->ctab.constant_count; i++)
        if (!strcmp(p->ctab.constants[i].name, name))
            return &p->ctab.constants[i];
    return NULL;
}

/* Each uniform the program kept, from the scene's constant data. */
static void set_uniforms(IDirect3DDevice9 *dev, const struct d3dbc_program *p, bool ps,
                         const float (*data)[4], const struct accept_uniform *u)
{
    for (; u && u->name; u++) {
        const struct d3dbc_ctab_constant *c = ctab_named(p, u->name);
        if (!c)
            continue; /* not read by the program: not in the table */
        CHECK_EQ(c->register_set, 2); /* D3DXRS_FLOAT4 */
        unsigned n = c->register_count < u->count ? c->register_count : u->count;
        if (ps)
            IDirect3DDevice9_SetPixelShaderConstantF(dev, c->register_index, data[u->at], n);
        else
            IDirect3DDevice9_SetVertexShaderConstantF(dev, c->register_index, data[u->at], n);
    }
}

void accept_draw_d3d9(const struct accept_scene *s, const char *vs_t, const char *ps_t)
{
    bool sm3 = vs_t[3] == '3';
    IDirect3DDevice9 *dev = r9_device_flags(NULL, ACCEPT_W, ACCEPT_H,
                                            sm3 ? D3DCREATE_SOFTWARE_VERTEXPROCESSING
                                                : D3DCREATE_HARDWARE_VERTEXPROCESSING);
    if (!dev)
        return;
    size_t vs_size = 0, ps_size = 0;
    void *vsb = accept_compile(s->vs, vs_t, &vs_size), *psb = accept_compile(s->ps, ps_t, &ps_size);
    struct d3dbc_program vp, pp;
    memset(&vp, 0, sizeof(vp));
    memset(&pp, 0, sizeof(pp));
    struct d3dbc_error err;
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    IDirect3DTexture9 *tex = NULL;
    D3DCAPS9 caps;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    if (sm3 && caps.PixelShaderVersion < D3DPS_VERSION(3, 0)) {
        harness_skip("the device does not offer ps_3_0");
        goto done;
    }
    if (!vsb || !psb)
        goto done;
    CHECK(!d3dbc_read(vsb, vs_size, &vp, &err));
    CHECK(!d3dbc_read(psb, ps_size, &pp, &err));
    CHECK_HR(IDirect3DDevice9_CreateVertexShader(dev, vsb, &vs), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, psb, &ps), D3D_OK);
    static const BYTE usage[ACCEPT_ATTRS] = {
        D3DDECLUSAGE_POSITION, D3DDECLUSAGE_NORMAL, D3DDECLUSAGE_TANGENT, D3DDECLUSAGE_TEXCOORD,
        D3DDECLUSAGE_COLOR, D3DDECLUSAGE_BLENDWEIGHT, D3DDECLUSAGE_BLENDINDICES};
    D3DVERTEXELEMENT9 el[ACCEPT_ATTRS + 1];
    for (unsigned i = 0; i < ACCEPT_ATTRS; i++) {
        D3DVERTEXELEMENT9 e = {0, (WORD)(16 * i), D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT,
                               usage[i], 0};
        el[i] = e;
    }
    D3DVERTEXELEMENT9 end = D3DDECL_END();
    el[ACCEPT_ATTRS] = end;
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, el, &decl), D3D_OK);
    if (!vs || !ps || !decl)
        goto done;
    set_uniforms(dev, &vp, false, s->vs_cb, s->vs_uni);
    set_uniforms(dev, &pp, true, s->ps_cb, s->ps_uni);
    if (s->tex_w) {
        D3DLOCKED_RECT lr;
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, s->tex_w, s->tex_h, 1, 0, D3DFMT_A8R8G8B8,
                                                D3DPOOL_MANAGED, &tex, NULL), D3D_OK);
        if (tex && SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
            for (unsigned y = 0; y < s->tex_h; y++)
                for (unsigned x = 0; x < s->tex_w; x++) {
                    float t[4];
                    s->texel(x, y, t);
                    uint32_t argb = r9_argb(t[0], t[1], t[2], t[3]);
                    memcpy((char *)lr.pBits + y * lr.Pitch + 4 * x, &argb, 4);
                }
            IDirect3DTexture9_UnlockRect(tex, 0);
        }
        /* the sampler the table names (a Texture2D + SamplerState pair is one s#) */
        unsigned sreg = 0;
        for (uint32_t i = 0; pp.has_ctab && i < pp.ctab.constant_count; i++)
            if (pp.ctab.constants[i].register_set == 3)
                sreg = pp.ctab.constants[i].register_index;
        IDirect3DDevice9_SetTexture(dev, sreg, (IDirect3DBaseTexture9 *)tex);
        IDirect3DDevice9_SetSamplerState(dev, sreg, D3DSAMP_MINFILTER, D3DTEXF_POINT);
        IDirect3DDevice9_SetSamplerState(dev, sreg, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
        IDirect3DDevice9_SetSamplerState(dev, sreg, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
        IDirect3DDevice9_SetSamplerState(dev, sreg, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP);
        IDirect3DDevice9_SetSamplerState(dev, sreg, D3DSAMP_ADDRESSV, D3DTADDRESS_CLAMP);
    }
    struct accept_vertex quad[6];
    accept_quad(s, quad);
    for (unsigned i = 0; i < 6; i++) {
        /* half a pixel up and left: D3D9's pixel centres */
        if (s->pixel_pos) {
            quad[i].pos[0] -= 0.5f;
            quad[i].pos[1] -= 0.5f;
        } else {
            quad[i].pos[0] -= quad[i].pos[3] / ACCEPT_W;
            quad[i].pos[1] += quad[i].pos[3] / ACCEPT_H;
        }
    }
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, quad, sizeof(quad[0])),
             D3D_OK);
    uint32_t argb[ACCEPT_W * ACCEPT_H];
    uint8_t rgba[ACCEPT_W * ACCEPT_H * 4];
    r9_read(dev, argb);
    for (unsigned i = 0; i < ACCEPT_W * ACCEPT_H; i++) {
        rgba[i * 4 + 0] = (uint8_t)(argb[i] >> 16);
        rgba[i * 4 + 1] = (uint8_t)(argb[i] >> 8);
        rgba[i * 4 + 2] = (uint8_t)argb[i];
        rgba[i * 4 + 3] = (uint8_t)(argb[i] >> 24);
    }
    accept_check(s, ps_t, rgba);
done:
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    d3dbc_program_free(&vp);
    d3dbc_program_free(&pp);
    free(vsb);
    free(psb);
    r9_end(dev);
}
