/* softd3d-demo — what `make demo` runs.
 *
 * Rendering is not implemented yet, so for now the demo shows the device side: for each
 * capability profile (9_1, 9_2, 9_3, max) it creates a Direct3D 9 device with each vertex-
 * processing mode and a Direct3D 11 device, and prints what each reports — the D3D9 caps that
 * decide the feature level, and the level D3D11CreateDevice negotiated.  It uses only the public
 * API, as an application would (the profile is chosen through SOFTD3D_PROFILE).
 */
#define COBJMACROS
#include <windows.h>
#include <d3d11.h>
#include <d3d9.h>
#include <stdio.h>
#include <stdlib.h>

static const char *level_name(D3D_FEATURE_LEVEL l)
{
    switch (l) {
    case D3D_FEATURE_LEVEL_9_1: return "9_1";
    case D3D_FEATURE_LEVEL_9_2: return "9_2";
    case D3D_FEATURE_LEVEL_9_3: return "9_3";
    default: return "?";
    }
}

static int demo_d3d9(void)
{
    static const struct { DWORD flag; const char *name; } modes[] = {
        { D3DCREATE_HARDWARE_VERTEXPROCESSING, "hardware" },
        { D3DCREATE_SOFTWARE_VERTEXPROCESSING, "software" },
        { D3DCREATE_MIXED_VERTEXPROCESSING, "mixed" },
    };
    IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
    int errors = 0;
    if (!d3d) {
        printf("  Direct3DCreate9 failed\n");
        return 1;
    }
    for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
        D3DPRESENT_PARAMETERS pp;
        IDirect3DDevice9 *dev = NULL;
        D3DCAPS9 c;
        HRESULT hr;
        ZeroMemory(&pp, sizeof(pp));
        pp.Windowed = TRUE;
        pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
        pp.BackBufferWidth = 640;
        pp.BackBufferHeight = 480;
        hr = IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL, modes[i].flag,
                                     &pp, &dev);
        if (FAILED(hr)) {
            printf("  d3d9 %-8s CreateDevice failed 0x%08x\n", modes[i].name, (unsigned)hr);
            errors++;
            continue;
        }
        IDirect3DDevice9_GetDeviceCaps(dev, &c);
        printf("  d3d9 %-8s vs %u.%u ps %u.%u  tex %ux%u  RTs %u  aniso %u  prims %u  "
               "VertexProcessingCaps 0x%03x  MaxActiveLights %u\n",
               modes[i].name, (unsigned)D3DSHADER_VERSION_MAJOR(c.VertexShaderVersion),
               (unsigned)D3DSHADER_VERSION_MINOR(c.VertexShaderVersion),
               (unsigned)D3DSHADER_VERSION_MAJOR(c.PixelShaderVersion),
               (unsigned)D3DSHADER_VERSION_MINOR(c.PixelShaderVersion),
               (unsigned)c.MaxTextureWidth, (unsigned)c.MaxTextureHeight,
               (unsigned)c.NumSimultaneousRTs, (unsigned)c.MaxAnisotropy,
               (unsigned)c.MaxPrimitiveCount, (unsigned)c.VertexProcessingCaps,
               (unsigned)c.MaxActiveLights);
        IDirect3DDevice9_Release(dev);
    }
    IDirect3D9_Release(d3d);
    return errors;
}

static int demo_d3d11(void)
{
    ID3D11Device *dev = NULL;
    D3D_FEATURE_LEVEL level = 0;
    D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT inst = { 0 };
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                   D3D11_SDK_VERSION, &dev, &level, NULL);
    if (FAILED(hr)) {
        printf("  d3d11 D3D11CreateDevice failed 0x%08x\n", (unsigned)hr);
        return 1;
    }
    ID3D11Device_CheckFeatureSupport(dev, D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT, &inst,
                                     sizeof(inst));
    printf("  d3d11 feature level %s (default level array), simple instancing %s\n",
           level_name(level), inst.SimpleInstancingSupported ? "yes" : "no");
    ID3D11Device_Release(dev);
    return 0;
}

int main(void)
{
    static const char *profiles[] = { "9_1", "9_2", "9_3", "max" };
    int errors = 0;
    printf("softd3d demo: devices per capability profile (rendering scenes arrive with the "
           "pipeline)\n");
    for (size_t i = 0; i < sizeof(profiles) / sizeof(profiles[0]); i++) {
        setenv("SOFTD3D_PROFILE", profiles[i], 1);
        printf("profile %s\n", profiles[i]);
        errors += demo_d3d9();
        errors += demo_d3d11();
    }
    return errors ? 1 : 0;
}
