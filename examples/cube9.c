/* examples/cube9.c — the textured, lit, rotating cube of cube11.c drawn with Direct3D 9's fixed
 * function pipeline, headless: a directional light and a material, the texture modulated by the
 * lit colour, a depth buffer, the back buffer read through GetRenderTargetData, the last frame
 * written to a PNG.  Its C++ twin is cube9.cpp; both must draw the same pixels.
 *
 *   cc cube9.c $(pkg-config --cflags --libs softd3d) -lm && ./a.out [out.png]
 */
#define COBJMACROS
#include <windows.h>
#include <d3d9.h>

#include "cube_common.h"

#define CUBE_FVF (D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX1)

/* The light and material: white diffuse light along cube_light_dir, the ambient term through
 * D3DRS_AMBIENT, so the lit colour is saturate(N.L) + ambient as in cube11's shader. */
static void set_lighting(IDirect3DDevice9 *dev)
{
    D3DLIGHT9 light;
    D3DMATERIAL9 mat;
    const DWORD a = (DWORD)(cube_ambient * 255.0f + 0.5f);
    memset(&light, 0, sizeof(light));
    light.Type = D3DLIGHT_DIRECTIONAL;
    light.Diffuse.r = light.Diffuse.g = light.Diffuse.b = light.Diffuse.a = 1.0f;
    light.Direction.x = cube_light_dir[0];
    light.Direction.y = cube_light_dir[1];
    light.Direction.z = cube_light_dir[2];
    memset(&mat, 0, sizeof(mat));
    mat.Diffuse.r = mat.Diffuse.g = mat.Diffuse.b = mat.Diffuse.a = 1.0f;
    mat.Ambient = mat.Diffuse;
    IDirect3DDevice9_SetLight(dev, 0, &light);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    IDirect3DDevice9_SetMaterial(dev, &mat);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, D3DCOLOR_XRGB(a, a, a));
}

/* The back buffer's pixels (before Present), as RGBA, through a system-memory surface. */
static int read_back(IDirect3DDevice9 *dev, uint8_t *pixels)
{
    IDirect3DSurface9 *back = NULL, *readback = NULL;
    D3DLOCKED_RECT lr;
    int ok = SUCCEEDED(IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &back)) &&
             SUCCEEDED(IDirect3DDevice9_CreateOffscreenPlainSurface(
                 dev, CUBE_SIZE, CUBE_SIZE, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &readback, NULL)) &&
             SUCCEEDED(IDirect3DDevice9_GetRenderTargetData(dev, back, readback)) &&
             SUCCEEDED(IDirect3DSurface9_LockRect(readback, &lr, NULL, D3DLOCK_READONLY));
    if (ok) {
        cube_from_bgrx(pixels, (const uint8_t *)lr.pBits, lr.Pitch, CUBE_SIZE, CUBE_SIZE);
        IDirect3DSurface9_UnlockRect(readback);
    } else {
        printf("cube9: cannot read the back buffer\n");
    }
    if (readback)
        IDirect3DSurface9_Release(readback);
    if (back)
        IDirect3DSurface9_Release(back);
    return ok;
}

int main(int argc, char **argv)
{
    struct cube_vertex vertices[24];
    uint16_t indices[36];
    uint8_t texels[8 * 8 * 4], *pixels = malloc(CUBE_SIZE * CUBE_SIZE * 4);
    char path_buf[256];
    const char *path = cube_output(argc, argv, "example_cube9_c", path_buf, sizeof(path_buf));
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    IDirect3DDevice9 *dev = NULL;
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DIndexBuffer9 *ib = NULL;
    IDirect3DTexture9 *tex = NULL;
    D3DPRESENT_PARAMETERS pp;
    D3DLOCKED_RECT lr;
    void *p;
    int result = 1;

    cube_geometry(vertices, indices);
    cube_texture(texels);
    memset(&pp, 0, sizeof(pp));
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.BackBufferWidth = CUBE_SIZE;
    pp.BackBufferHeight = CUBE_SIZE;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    if (!pixels || !d3d ||
        FAILED(IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL,
                                       D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev))) {
        printf("cube9: no Direct3D 9 device\n");
        goto done;
    }

    /* Vertex and index buffers, filled through Lock. */
    if (FAILED(IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(vertices), D3DUSAGE_WRITEONLY,
                                                   CUBE_FVF, D3DPOOL_MANAGED, &vb, NULL)) ||
        FAILED(IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(indices), D3DUSAGE_WRITEONLY,
                                                  D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib, NULL))) {
        printf("cube9: the device refused the buffers\n");
        goto done;
    }
    if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, &p, 0))) {
        memcpy(p, vertices, sizeof(vertices));
        IDirect3DVertexBuffer9_Unlock(vb);
    }
    if (SUCCEEDED(IDirect3DIndexBuffer9_Lock(ib, 0, 0, &p, 0))) {
        memcpy(p, indices, sizeof(indices));
        IDirect3DIndexBuffer9_Unlock(ib);
    }

    /* The texture (A8R8G8B8). */
    if (FAILED(IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                              &tex, NULL)) ||
        FAILED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
        printf("cube9: the device refused the texture\n");
        goto done;
    }
    cube_to_bgra((uint8_t *)lr.pBits, lr.Pitch, texels, 8, 8);
    IDirect3DTexture9_UnlockRect(tex, 0);

    /* The fixed-function state, set once: the texture times the lit diffuse colour (stage 0's
     * default operation, D3DTOP_MODULATE of TEXTURE and CURRENT), linear filtering, wrapping. */
    IDirect3DDevice9_SetFVF(dev, CUBE_FVF);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct cube_vertex));
    IDirect3DDevice9_SetIndices(dev, ib);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_LINEAR);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
    set_lighting(dev);

    for (int frame = 0; frame < CUBE_FRAMES; frame++) {
        float world[16], view[16], proj[16];
        cube_matrices(frame, world, view, proj);
        IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, (const D3DMATRIX *)world);
        IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, (const D3DMATRIX *)view);
        IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, (const D3DMATRIX *)proj);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER,
                               D3DCOLOR_XRGB(CUBE_CLEAR_R, CUBE_CLEAR_G, CUBE_CLEAR_B), 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 24, 0, 12);
        IDirect3DDevice9_EndScene(dev);
        if (frame == CUBE_FRAMES - 1 && !read_back(dev, pixels))
            goto done;
        IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
    }
    if (cube_write_png(path, pixels, CUBE_SIZE, CUBE_SIZE)) {
        printf("cube9: cannot write %s\n", path);
        goto done;
    }
    result = cube_check(pixels, CUBE_HASH_D3D9, "cube9");
    if (!result)
        printf("cube9: %s\n", path);

done:
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (ib)
        IDirect3DIndexBuffer9_Release(ib);
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    if (dev)
        IDirect3DDevice9_Release(dev);
    if (d3d)
        IDirect3D9_Release(d3d);
    free(pixels);
    return result;
}
