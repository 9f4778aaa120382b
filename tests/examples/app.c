/* An application written for Windows: creates a Direct3D 11 device at each 10Level9 feature level
 * and a Direct3D 9 device with each vertex-processing flag.  It builds unchanged on Windows with
 * the SDK and on Linux with softd3d:  cc app.c $(pkg-config --cflags --libs softd3d)  */
#define COBJMACROS
#include <windows.h>
#include <d3d11.h>
#include <d3d9.h>
#include <stdio.h>

static int check(HRESULT hr, const char *what)
{
    if (FAILED(hr)) {
        printf("%s failed: 0x%08lx\n", what, (unsigned long)hr);
        return 1;
    }
    return 0;
}

int main(void)
{
    static const D3D_FEATURE_LEVEL levels[] = {
        D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_3,
    };
    static const DWORD vp_flags[] = {
        D3DCREATE_SOFTWARE_VERTEXPROCESSING, D3DCREATE_HARDWARE_VERTEXPROCESSING,
        D3DCREATE_MIXED_VERTEXPROCESSING,
    };
    int errors = 0;
    unsigned i;

    for (i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
        ID3D11Device *device = NULL;
        ID3D11DeviceContext *context = NULL;
        D3D_FEATURE_LEVEL got;
        HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &levels[i], 1,
                                       D3D11_SDK_VERSION, &device, &got, &context);
        if (check(hr, "D3D11CreateDevice")) {
            errors++;
            continue;
        }
        if (got != levels[i] || ID3D11Device_GetFeatureLevel(device) != levels[i]) {
            printf("feature level 0x%x, wanted 0x%x\n", (unsigned)got, (unsigned)levels[i]);
            errors++;
        }
        printf("D3D11 device at feature level 0x%x\n", (unsigned)got);
        ID3D11DeviceContext_Release(context);
        ID3D11Device_Release(device);
    }

    for (i = 0; i < sizeof(vp_flags) / sizeof(vp_flags[0]); i++) {
        IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
        IDirect3DDevice9 *device = NULL;
        D3DPRESENT_PARAMETERS pp;
        D3DCAPS9 caps;

        if (!d3d) {
            printf("Direct3DCreate9 failed\n");
            return 1;
        }
        ZeroMemory(&pp, sizeof(pp));
        pp.Windowed = TRUE;
        pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
        pp.BackBufferFormat = D3DFMT_UNKNOWN;
        pp.BackBufferWidth = 320;
        pp.BackBufferHeight = 240;
        if (check(IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL, vp_flags[i],
                                          &pp, &device), "IDirect3D9_CreateDevice")) {
            errors++;
        } else {
            errors += check(IDirect3DDevice9_GetDeviceCaps(device, &caps), "GetDeviceCaps");
            printf("D3D9 device (behaviour flags 0x%lx), pixel shader %lu.%lu\n",
                   (unsigned long)vp_flags[i], (unsigned long)D3DSHADER_VERSION_MAJOR(caps.PixelShaderVersion),
                   (unsigned long)D3DSHADER_VERSION_MINOR(caps.PixelShaderVersion));
            IDirect3DDevice9_Release(device);
        }
        IDirect3D9_Release(d3d);
    }
    return errors ? 1 : 0;
}
