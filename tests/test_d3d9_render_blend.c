/* tests/test_d3d9_render_blend.c — indexed vertex blending ("Indexed Vertex Blending (Direct3D
 * 9)", D3DRS_INDEXEDVERTEXBLENDENABLE): the matrix of blend weight i is
 * WORLDMATRIX(BLENDINDICES[i]), indices from D3DFVF_LASTBETA_UBYTE4 (bytes 0..3) or
 * D3DFVF_LASTBETA_D3DCOLOR (the colour's r, g, b, a); D3DVBF_0WEIGHTS blends one indexed matrix,
 * D3DVBF_DISABLE none.  Where the caps say so (seed 002 / D3DCAPS9 MaxVertexBlendMatrixIndex):
 * 255 in software vertex processing and on the max profile, 0 in hardware mode on the 9_x
 * profiles, which then ignore the state.
 *
 * The scene: the rectangle x in [-1, 0] (the left half of a 16-pixel-wide target) moved by the
 * world matrices' translations.  A translation of t in x moves it by 8 t pixels; the probes
 * are pixel columns well inside or outside its edges (no edge lies near a probed centre). */
#include "test_d3d9_render_util.h"

#define W 16
#define H 8

struct bvert {
    float x, y, z;
    float w0;
    DWORD idx;
    D3DCOLOR c;
};
#define UBYTE4_FVF (D3DFVF_XYZB2 | D3DFVF_LASTBETA_UBYTE4 | D3DFVF_DIFFUSE)
#define COLOR_FVF (D3DFVF_XYZB2 | D3DFVF_LASTBETA_D3DCOLOR | D3DFVF_DIFFUSE)

static void world(IDirect3DDevice9 *dev, UINT index, float tx)
{
    D3DMATRIX m;
    memset(&m, 0, sizeof(m));
    m._11 = m._22 = m._33 = m._44 = 1.0f;
    m._41 = tx;
    CHECK_HR(IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(index), &m), D3D_OK);
}

/* Draws the rectangle with weight w0 and indices idx; returns a bit per probed column
 * (0, 3, 6, 9, 12, 15) that is covered (white): in place it covers pixels 0..7 (0x07), moved
 * by 2 pixels 2..9 (0x0e), 4: 4..11 (0x0c), 6: 6..13 (0x1c), 8: 8..15 (0x38). */
static unsigned draw_rect(IDirect3DDevice9 *dev, DWORD fvf, float w0, DWORD idx)
{
    const D3DCOLOR c = 0xffffffff;
    struct bvert q[4] = { { -1, 1, 0.5f, w0, idx, c }, { 0, 1, 0.5f, w0, idx, c },
                          { -1, -1, 0.5f, w0, idx, c }, { 0, -1, 0.5f, w0, idx, c } };
    uint32_t img[W * H];
    r9_clear(dev, 0);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, fvf), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
             D3D_OK);
    r9_read(dev, img);
    unsigned bits = 0;
    for (int i = 0; i < 6; i++)
        if (img[4 * W + 3 * i] == 0xffffffff)
            bits |= 1u << i;
    return bits;
}

/* columns 0, 3, 6 (the rectangle in place: pixels 0..7) */
#define IN_PLACE 0x07u

static void blend_scene(IDirect3DDevice9 *dev)
{
    for (UINT i = 0; i < 256; i++)
        world(dev, i, 0.0f);
    world(dev, 3, 1.0f);
    world(dev, 200, 0.5f);
    world(dev, 255, 1.0f);
}

/* Software vertex processing (9_3 profile): the caps say 255, and the indices pick the
 * matrices. */
TEST(d3d9_indexed_blend_software)
{
    IDirect3DDevice9 *dev = r9_device_flags("9_3", W, H, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    if (!dev)
        return;
    D3DCAPS9 caps;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK_EQ(caps.MaxVertexBlendMatrixIndex, 255);
    blend_scene(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_INDEXEDVERTEXBLENDENABLE, TRUE);
    /* 0WEIGHTS: one matrix, WORLDMATRIX(index[0]) with weight 1: 200 moves by 0.5 (4 pixels:
     * pixels 4..11), 255 by 1 (8: pixels 8..15) */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_0WEIGHTS);
    CHECK_EQ(draw_rect(dev, UBYTE4_FVF, 0.0f, 200), 0x0cu);
    CHECK_EQ(draw_rect(dev, UBYTE4_FVF, 0.0f, 255), 0x38u);
    CHECK_EQ(draw_rect(dev, UBYTE4_FVF, 0.0f, 7), IN_PLACE);
    /* 1WEIGHTS: 0.25 WORLDMATRIX(3) + 0.75 WORLDMATRIX(7) moves by 0.25 (2 pixels: 2..9);
     * indices in bytes 0 and 1 */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_1WEIGHTS);
    CHECK_EQ(draw_rect(dev, UBYTE4_FVF, 0.25f, 3 | 7 << 8), 0x0eu);
    /* weights swapped: 0.75 by matrix 3: 6 pixels (6..13) */
    CHECK_EQ(draw_rect(dev, UBYTE4_FVF, 0.75f, 3 | 7 << 8), 0x1cu);
    /* DISABLE: WORLDMATRIX(0) only, whatever the indices */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_DISABLE);
    CHECK_EQ(draw_rect(dev, UBYTE4_FVF, 0.25f, 255), IN_PLACE);
    /* without INDEXEDVERTEXBLENDENABLE: matrices 0 and 1 (both identity) */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_1WEIGHTS);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_INDEXEDVERTEXBLENDENABLE, FALSE);
    CHECK_EQ(draw_rect(dev, UBYTE4_FVF, 0.25f, 3 | 7 << 8), IN_PLACE);
    r9_end(dev);
}

/* D3DFVF_LASTBETA_D3DCOLOR: the indices are the colour's r, g, b, a (r in bits 16..23). */
TEST(d3d9_indexed_blend_d3dcolor_indices)
{
    IDirect3DDevice9 *dev = r9_device_flags("9_3", W, H, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    if (!dev)
        return;
    blend_scene(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_INDEXEDVERTEXBLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_0WEIGHTS);
    CHECK_EQ(draw_rect(dev, COLOR_FVF, 0.0f, 200u << 16), 0x0cu);
    CHECK_EQ(draw_rect(dev, COLOR_FVF, 0.0f, 200u), IN_PLACE);      /* b is index 2 */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_1WEIGHTS);
    /* index 0 = r = 7, index 1 = g = 3: 0.25 identity + 0.75 by 1 */
    CHECK_EQ(draw_rect(dev, COLOR_FVF, 0.25f, 7u << 16 | 3u << 8), 0x1cu);
    r9_end(dev);
}

/* Hardware vertex processing: 9_3 has no indexed blending (MaxVertexBlendMatrixIndex 0), so the
 * state is ignored (WORLDMATRIX(0)); a mixed device gets it in software mode; the max profile
 * has it in hardware mode. */
TEST(d3d9_indexed_blend_caps_by_mode)
{
    IDirect3DDevice9 *dev = r9_device_flags("9_3", W, H, D3DCREATE_MIXED_VERTEXPROCESSING);
    D3DCAPS9 caps;
    if (!dev)
        return;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK_EQ(caps.MaxVertexBlendMatrixIndex, 0);
    blend_scene(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_INDEXEDVERTEXBLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_0WEIGHTS);
    CHECK_EQ(draw_rect(dev, UBYTE4_FVF, 0.0f, 200), IN_PLACE);
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, TRUE), D3D_OK);
    CHECK_EQ(draw_rect(dev, UBYTE4_FVF, 0.0f, 200), 0x0cu);
    CHECK_HR(IDirect3DDevice9_SetSoftwareVertexProcessing(dev, FALSE), D3D_OK);
    CHECK_EQ(draw_rect(dev, UBYTE4_FVF, 0.0f, 200), IN_PLACE);
    r9_end(dev);

    dev = r9_device(W, H);
    if (!dev)
        return;
    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    CHECK_EQ(caps.MaxVertexBlendMatrixIndex, 255);
    blend_scene(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_INDEXEDVERTEXBLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_0WEIGHTS);
    CHECK_EQ(draw_rect(dev, UBYTE4_FVF, 0.0f, 255), 0x38u);
    r9_end(dev);
}

struct nvert {
    float x, y, z;
    DWORD idx;
    float nx, ny, nz;
};

/* Normals go through the indexed matrix's normal matrix: a directional light shining along +z
 * lights a normal (0, 0, -1) fully (diffuse 1); WORLDMATRIX(9), a half turn about y, turns it
 * to (0, 0, 1), away from the light (0: the black of no ambient). */
TEST(d3d9_indexed_blend_normals_lit)
{
    IDirect3DDevice9 *dev = r9_device_flags("9_3", W, H, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    if (!dev)
        return;
    D3DMATRIX turn;
    memset(&turn, 0, sizeof(turn));
    turn._11 = -1.0f;
    turn._22 = 1.0f;
    turn._33 = -1.0f;
    turn._44 = 1.0f;
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(9), &turn);
    D3DLIGHT9 l;
    memset(&l, 0, sizeof(l));
    l.Type = D3DLIGHT_DIRECTIONAL;
    l.Diffuse.r = l.Diffuse.g = l.Diffuse.b = l.Diffuse.a = 1.0f;
    l.Direction.z = 1.0f;
    D3DMATERIAL9 m;
    memset(&m, 0, sizeof(m));
    m.Diffuse.r = m.Diffuse.g = m.Diffuse.b = m.Diffuse.a = 1.0f;
    IDirect3DDevice9_SetLight(dev, 0, &l);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    IDirect3DDevice9_SetMaterial(dev, &m);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_INDEXEDVERTEXBLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_0WEIGHTS);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZB1 | D3DFVF_LASTBETA_UBYTE4 | D3DFVF_NORMAL);
    static const DWORD idx[2] = { 0, 9 };
    static const uint32_t want[2] = { 0xffffffff, 0xff000000 };
    for (int i = 0; i < 2; i++) {
        /* a full-target quad at z = 0 (the half turn keeps z = 0 and mirrors x: it stays
         * the full target) */
        struct nvert q[4] = { { -1, 1, 0, idx[i], 0, 0, -1 }, { 1, 1, 0, idx[i], 0, 0, -1 },
                              { -1, -1, 0, idx[i], 0, 0, -1 }, { 1, -1, 0, idx[i], 0, 0, -1 } };
        r9_clear(dev, 0xff808080);
        CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])),
                 D3D_OK);
        CHECK_PIXEL(r9_pixel(dev, W, H, 8, 4), want[i], 0);
    }
    r9_end(dev);
}
