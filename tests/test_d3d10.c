/* tests/test_d3d10.c — Direct3D 10 / 10.1 on the D3D11 device (src/d3d10/): creation rules of
 * the four entry points, the device's interfaces, one triangle drawn through ID3D10Device and read
 * back through ID3D10Texture2D::Map with exact pixels, the D3D10 structures converted both ways
 * (blend, viewport, DSV, buffer descriptions), getters giving back the same D3D10 objects,
 * foreign objects refused without a state change, what the D3D11 device refuses at 10_x refused
 * the same way (geometry shaders), and the swap chain of D3D10CreateDeviceAndSwapChain with its
 * buffer as an ID3D10Texture2D. */
#include "test_render_util.h"   /* first: COBJMACROS, the assembler */

#include "d3d10_1.h"
#include "d3d11sdklayers.h"
#include "dxbc_builder.h"

/* Plain SM4 programs (only 10_0+ creates them): position in, a constant colour out. */
#define VS10 "vs_4_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n"
#define PS10 "ps_4_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0, 0.5, 0.0, 1.0)\nret\n"

static ID3D10Device *device10(const char *profile)
{
    ID3D10Device *dev = NULL;
    setenv("SOFTD3D_PROFILE", profile, 1);
    CHECK_HR(D3D10CreateDevice(NULL, D3D10_DRIVER_TYPE_HARDWARE, NULL, 0, D3D10_SDK_VERSION,
                               &dev), S_OK);
    unsetenv("SOFTD3D_PROFILE");
    return dev;
}

static ID3D10Device1 *device10_1(const char *profile, D3D10_FEATURE_LEVEL1 level)
{
    ID3D10Device1 *dev = NULL;
    if (profile)
        setenv("SOFTD3D_PROFILE", profile, 1);
    CHECK_HR(D3D10CreateDevice1(NULL, D3D10_DRIVER_TYPE_HARDWARE, NULL, 0, level,
                                D3D10_1_SDK_VERSION, &dev), S_OK);
    unsetenv("SOFTD3D_PROFILE");
    return dev;
}

TEST(d3d10_create_rules)
{
    ID3D10Device *dev = (ID3D10Device *)1;
    ID3D10Device1 *dev1 = (ID3D10Device1 *)1;
    void *p = (void *)1;

    /* 10_0 needs a profile of 10_0 or more: 9_3 stops below it (the D3D11 device's answer);
     * the default (max) offers up to 11_0 */
    setenv("SOFTD3D_PROFILE", "9_3", 1);
    CHECK_HR(D3D10CreateDevice(NULL, D3D10_DRIVER_TYPE_HARDWARE, NULL, 0, D3D10_SDK_VERSION,
                               &dev), DXGI_ERROR_UNSUPPORTED);
    CHECK(dev == NULL);
    unsetenv("SOFTD3D_PROFILE");
    dev = NULL;
    CHECK_HR(D3D10CreateDevice(NULL, D3D10_DRIVER_TYPE_HARDWARE, NULL, 0, D3D10_SDK_VERSION,
                               &dev), S_OK);
    if (dev)
        CHECK_EQ(ID3D10Device_Release(dev), 0);
    dev = (ID3D10Device *)1;
    /* Negative: SDK version, flags, level, driver type, no out-pointer. */
    CHECK_HR(D3D10CreateDevice(NULL, D3D10_DRIVER_TYPE_HARDWARE, NULL, 0, D3D10_1_SDK_VERSION,
                               &dev), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "D3D10_SDK_VERSION");
    CHECK_HR(D3D10CreateDevice1(NULL, D3D10_DRIVER_TYPE_HARDWARE, NULL, 0x40,
                                D3D10_FEATURE_LEVEL_9_3, D3D10_1_SDK_VERSION, &dev1),
             E_INVALIDARG);
    CHECK(dev1 == NULL);
    CHECK_HR(D3D10CreateDevice1(NULL, D3D10_DRIVER_TYPE_HARDWARE, NULL, 0,
                                (D3D10_FEATURE_LEVEL1)0xb000, D3D10_1_SDK_VERSION, &dev1),
             E_INVALIDARG);
    CHECK_HR(D3D10CreateDevice1(NULL, (D3D10_DRIVER_TYPE)4, NULL, 0, D3D10_FEATURE_LEVEL_9_3,
                                D3D10_1_SDK_VERSION, &dev1), E_INVALIDARG);
    CHECK_HR(D3D10CreateDevice1(NULL, D3D10_DRIVER_TYPE_HARDWARE, NULL, 0,
                                D3D10_FEATURE_LEVEL_9_3, D3D10_1_SDK_VERSION, NULL), E_INVALIDARG);
    CHECK_HR(D3D10CreateDevice1(NULL, D3D10_DRIVER_TYPE_SOFTWARE, NULL, 0,
                                D3D10_FEATURE_LEVEL_9_3, D3D10_1_SDK_VERSION, &dev1),
             E_INVALIDARG);   /* as D3D11: SOFTWARE needs a rasterizer module */
    CHECK_STR_CONTAINS(LAST, "Software module");

    /* 10_0 under the 10_0 profile; a D3D10CreateDevice device is not an ID3D10Device1. */
    dev = device10("10_0");
    CHECK(dev != NULL);
    CHECK_HR(ID3D10Device_QueryInterface(dev, &IID_ID3D10Device1, &p), E_NOINTERFACE);
    CHECK(p == NULL);
    CHECK_EQ(ID3D10Device_GetCreationFlags(dev), 0);
    CHECK_EQ(ID3D10Device_Release(dev), 0);

    /* 10.1 at each level its profile offers: 9_3 by default, 10_1 under 10_1. */
    dev1 = device10_1(NULL, D3D10_FEATURE_LEVEL_9_3);
    CHECK_EQ(ID3D10Device1_GetFeatureLevel(dev1), D3D10_FEATURE_LEVEL_9_3);
    CHECK_EQ(ID3D10Device1_Release(dev1), 0);
    dev1 = device10_1("10_1", D3D10_FEATURE_LEVEL_10_1);
    CHECK_EQ(ID3D10Device1_GetFeatureLevel(dev1), D3D10_FEATURE_LEVEL_10_1);
    CHECK_EQ(ID3D10Device1_Release(dev1), 0);
    /* Flags without a D3D11 counterpart are accepted and kept. */
    setenv("SOFTD3D_PROFILE", "10_1", 1);
    CHECK_HR(D3D10CreateDevice1(NULL, D3D10_DRIVER_TYPE_WARP, NULL,
                                D3D10_CREATE_DEVICE_ALLOW_NULL_FROM_MAP |
                                    D3D10_CREATE_DEVICE_STRICT_VALIDATION,
                                D3D10_FEATURE_LEVEL_10_0, D3D10_1_SDK_VERSION, &dev1), S_OK);
    unsetenv("SOFTD3D_PROFILE");
    CHECK_EQ(ID3D10Device1_GetCreationFlags(dev1),
             D3D10_CREATE_DEVICE_ALLOW_NULL_FROM_MAP | D3D10_CREATE_DEVICE_STRICT_VALIDATION);
    CHECK_EQ(ID3D10Device1_Release(dev1), 0);
}

TEST(d3d10_interfaces)
{
    ID3D10Device1 *dev = device10_1("10_1", D3D10_FEATURE_LEVEL_10_0);
    IDXGIDevice *dxgi = NULL;
    IDXGIAdapter *adapter = NULL;
    ID3D10Device *back = NULL;
    ID3D10Multithread *mt = NULL;
    ID3D11Device *d3d11 = (ID3D11Device *)1;

    CHECK_HR(ID3D10Device1_QueryInterface(dev, &IID_IDXGIDevice, (void **)&dxgi), S_OK);
    CHECK_HR(IDXGIDevice_GetAdapter(dxgi, &adapter), S_OK);
    CHECK(adapter != NULL);
    IDXGIAdapter_Release(adapter);
    /* Back from the DXGI face to the same D3D10 device. */
    CHECK_HR(IDXGIDevice_QueryInterface(dxgi, &IID_ID3D10Device, (void **)&back), S_OK);
    CHECK(back == (ID3D10Device *)dev);
    ID3D10Device_Release(back);
    IDXGIDevice_Release(dxgi);
    CHECK_HR(ID3D10Device1_QueryInterface(dev, &IID_ID3D10Multithread, (void **)&mt), S_OK);
    CHECK(!ID3D10Multithread_GetMultithreadProtected(mt));
    ID3D10Multithread_Release(mt);
    /* The D3D10 device is not a D3D11 device. */
    CHECK_HR(ID3D10Device1_QueryInterface(dev, &IID_ID3D11Device, (void **)&d3d11), E_NOINTERFACE);
    CHECK(d3d11 == NULL);
    ID3D10Device1_SetTextFilterSize(dev, 4, 8);
    UINT w = 0, h = 0;
    ID3D10Device1_GetTextFilterSize(dev, &w, &h);
    CHECK(w == 4 && h == 8);
    CHECK_EQ(ID3D10Device1_Release(dev), 0);
}

/* Assembled shader bytecode (free it). */
static void *code(const char *text, size_t *size)
{
    return rd_assemble(text, size);
}

static ID3D10Texture2D *tex10(ID3D10Device1 *dev, UINT w, UINT h, D3D10_USAGE usage, UINT bind,
                              UINT cpu)
{
    D3D10_TEXTURE2D_DESC d = { w, h, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 }, usage, bind, cpu,
                               0 };
    ID3D10Texture2D *t = NULL;
    CHECK_HR(ID3D10Device1_CreateTexture2D(dev, &d, NULL, &t), S_OK);
    return t;
}

/* The target's pixels through a staging copy mapped with ID3D10Texture2D::Map. */
static void read_back(ID3D10Device1 *dev, ID3D10Texture2D *target, UINT w, UINT h, uint8_t *out)
{
    ID3D10Texture2D *staging = tex10(dev, w, h, D3D10_USAGE_STAGING, 0, D3D10_CPU_ACCESS_READ);
    D3D10_MAPPED_TEXTURE2D m = { 0 };
    ID3D10Device1_CopyResource(dev, (ID3D10Resource *)staging, (ID3D10Resource *)target);
    CHECK_HR(ID3D10Texture2D_Map(staging, 0, D3D10_MAP_READ, 0, &m), S_OK);
    for (UINT y = 0; y < h && m.pData; y++)
        memcpy(out + y * w * 4, (const uint8_t *)m.pData + y * m.RowPitch, w * 4);
    ID3D10Texture2D_Unmap(staging, 0);
    /* Negative: Map without an out-pointer, and a map type staging READ access refuses. */
    CHECK_HR(ID3D10Texture2D_Map(staging, 0, D3D10_MAP_READ, 0, NULL), E_INVALIDARG);
    CHECK_HR(ID3D10Texture2D_Map(staging, 0, D3D10_MAP_WRITE, 0, &m), E_INVALIDARG);
    ID3D10Texture2D_Release(staging);
}

TEST(d3d10_draw_triangle)
{
    enum { W = 8, H = 8 };
    static const float tri[3][4] = { { -1, 1, 0, 1 }, { 1, 1, 0, 1 }, { -1, -1, 0, 1 } };
    static const D3D10_INPUT_ELEMENT_DESC layout_desc[] = {
        { "TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D10_INPUT_PER_VERTEX_DATA, 0 },
    };
    static const float black[4] = { 0, 0, 0, 0 };
    ID3D10Device1 *dev = device10_1("10_0", D3D10_FEATURE_LEVEL_10_0);
    size_t vs_size, ps_size;
    void *vs_code = code(VS10, &vs_size), *ps_code = code(PS10, &ps_size);
    ID3D10VertexShader *vs = NULL, *got_vs = NULL;
    ID3D10PixelShader *ps = NULL, *got_ps = NULL;
    ID3D10InputLayout *layout = NULL;
    ID3D10Buffer *vb = NULL, *got_vb = NULL;
    ID3D10RenderTargetView *rtv = NULL, *got_rtv = NULL;
    ID3D10Texture2D *target = tex10(dev, W, H, D3D10_USAGE_DEFAULT, D3D10_BIND_RENDER_TARGET, 0);
    D3D10_BUFFER_DESC bd = { sizeof(tri), D3D10_USAGE_DEFAULT, D3D10_BIND_VERTEX_BUFFER, 0, 0 };
    D3D10_SUBRESOURCE_DATA init = { tri, 0, 0 };
    D3D10_VIEWPORT vp = { 0, 0, W, H, 0.0f, 1.0f }, got_vp = { 0 };
    UINT stride = 16, offset = 0, n = 1, got_stride = 0, got_offset = 1;
    uint8_t img[W * H * 4];

    CHECK_HR(ID3D10Device1_CreateVertexShader(dev, vs_code, vs_size, &vs), S_OK);
    CHECK_HR(ID3D10Device1_CreatePixelShader(dev, ps_code, ps_size, &ps), S_OK);
    CHECK_HR(ID3D10Device1_CreateInputLayout(dev, layout_desc, 1, vs_code, vs_size, &layout),
             S_OK);
    CHECK_HR(ID3D10Device1_CreateBuffer(dev, &bd, &init, &vb), S_OK);
    CHECK_HR(ID3D10Device1_CreateRenderTargetView(dev, (ID3D10Resource *)target, NULL, &rtv),
             S_OK);
    ID3D10Device1_IASetInputLayout(dev, layout);
    ID3D10Device1_IASetVertexBuffers(dev, 0, 1, &vb, &stride, &offset);
    ID3D10Device1_IASetPrimitiveTopology(dev, D3D10_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D10Device1_VSSetShader(dev, vs);
    ID3D10Device1_PSSetShader(dev, ps);
    ID3D10Device1_OMSetRenderTargets(dev, 1, &rtv, NULL);
    ID3D10Device1_RSSetViewports(dev, 1, &vp);
    ID3D10Device1_ClearRenderTargetView(dev, rtv, black);
    ACCEPTED(ID3D10Device1_Draw(dev, 3, 0));
    read_back(dev, target, W, H, img);
    /* The triangle (0,0)-(8,0)-(0,8) in pixels covers the centres with x + y < 7; the centres on
     * the diagonal (x + y = 7) lie on its right edge, which the top-left rule leaves out. */
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const uint8_t *px = img + (y * W + x) * 4;
            bool in = x + y < 7;
            CHECK(px[0] == (in ? 255 : 0) && px[1] == (in ? 128 : 0) && px[2] == 0 &&
                  px[3] == (in ? 255 : 0));
        }

    /* The getters give back the same D3D10 objects, and D3D10's integer viewport. */
    ID3D10Device1_VSGetShader(dev, &got_vs);
    ID3D10Device1_PSGetShader(dev, &got_ps);
    ID3D10Device1_IAGetVertexBuffers(dev, 0, 1, &got_vb, &got_stride, &got_offset);
    ID3D10Device1_OMGetRenderTargets(dev, 1, &got_rtv, NULL);
    ID3D10Device1_RSGetViewports(dev, &n, &got_vp);
    CHECK(got_vs == vs && got_ps == ps && got_vb == vb && got_rtv == rtv);
    CHECK(got_stride == 16 && got_offset == 0);
    CHECK(n == 1 && got_vp.Width == W && got_vp.Height == H && got_vp.MaxDepth == 1.0f);
    ID3D10VertexShader_Release(got_vs);
    ID3D10PixelShader_Release(got_ps);
    ID3D10Buffer_Release(got_vb);
    ID3D10RenderTargetView_Release(got_rtv);

    /* Negative: something that is not this device's D3D10 object changes nothing. */
    util_clear_last_message();
    ID3D10Device1_PSSetShader(dev, (ID3D10PixelShader *)vs);
    CHECK_STR_CONTAINS(LAST, "PSSetShader");
    ID3D10Device1_PSGetShader(dev, &got_ps);
    CHECK(got_ps == ps);
    ID3D10PixelShader_Release(got_ps);
    /* ClearState unbinds. */
    ID3D10Device1_ClearState(dev);
    got_ps = (ID3D10PixelShader *)1;
    ID3D10Device1_PSGetShader(dev, &got_ps);
    CHECK(got_ps == NULL);

    ID3D10RenderTargetView_Release(rtv);
    ID3D10Texture2D_Release(target);
    ID3D10Buffer_Release(vb);
    ID3D10InputLayout_Release(layout);
    ID3D10PixelShader_Release(ps);
    ID3D10VertexShader_Release(vs);
    free(vs_code);
    free(ps_code);
    CHECK_EQ(ID3D10Device1_Release(dev), 0);
}

TEST(d3d10_structures_converted)
{
    ID3D10Device1 *dev = device10_1("10_1", D3D10_FEATURE_LEVEL_10_0);
    D3D10_BLEND_DESC bd = { 0 }, got = { 0 };
    ID3D10BlendState *blend = NULL;
    ID3D10BlendState1 *blend1 = NULL;
    D3D10_BLEND_DESC1 got1;
    D3D10_BUFFER_DESC bufd = { 64, D3D10_USAGE_DYNAMIC, D3D10_BIND_VERTEX_BUFFER,
                               D3D10_CPU_ACCESS_WRITE, 0 }, got_bufd = { 0 };
    ID3D10Buffer *buf = NULL;
    void *data = NULL;
    D3D10_TEXTURE2D_DESC dsd = { 4, 4, 1, 1, DXGI_FORMAT_D24_UNORM_S8_UINT, { 1, 0 },
                                 D3D10_USAGE_DEFAULT, D3D10_BIND_DEPTH_STENCIL, 0, 0 };
    ID3D10Texture2D *ds = NULL;
    D3D10_DEPTH_STENCIL_VIEW_DESC dvd = { 0 }, got_dvd = { 0 };
    ID3D10DepthStencilView *dsv = NULL;
    ID3D10Resource *res = NULL;
    ID3D10Device *owner = NULL;
    D3D10_RESOURCE_DIMENSION dim = D3D10_RESOURCE_DIMENSION_UNKNOWN;

    /* One blend function, per-target enables: target 1 differs, so the D3D11 state is
     * independent; it reads back as the D3D10 description. */
    bd.BlendEnable[1] = TRUE;
    bd.SrcBlend = bd.SrcBlendAlpha = D3D10_BLEND_SRC_ALPHA;
    bd.DestBlend = bd.DestBlendAlpha = D3D10_BLEND_INV_SRC_ALPHA;
    bd.BlendOp = bd.BlendOpAlpha = D3D10_BLEND_OP_ADD;
    for (int i = 0; i < 8; i++)
        bd.RenderTargetWriteMask[i] = D3D10_COLOR_WRITE_ENABLE_ALL;
    CHECK_HR(ID3D10Device1_CreateBlendState(dev, &bd, &blend), S_OK);
    ID3D10BlendState_GetDesc(blend, &got);
    CHECK(memcmp(&got, &bd, sizeof(bd)) == 0);
    CHECK_HR(ID3D10BlendState_QueryInterface(blend, &IID_ID3D10BlendState1, (void **)&blend1),
             S_OK);
    ID3D10BlendState1_GetDesc1(blend1, &got1);
    CHECK(got1.IndependentBlendEnable && !got1.RenderTarget[0].BlendEnable &&
          got1.RenderTarget[1].BlendEnable);
    CHECK_EQ(got1.RenderTarget[1].SrcBlend, D3D10_BLEND_SRC_ALPHA);
    ID3D10BlendState1_Release(blend1);
    ID3D10BlendState_Release(blend);
    /* Negative: a D3D10 description the D3D11 device refuses (no such blend). */
    bd.SrcBlend = (D3D10_BLEND)12;
    blend = (ID3D10BlendState *)1;
    CHECK_HR(ID3D10Device1_CreateBlendState(dev, &bd, &blend), E_INVALIDARG);
    CHECK(blend == NULL);

    /* Buffers: no structure stride; Map through the buffer itself. */
    CHECK_HR(ID3D10Device1_CreateBuffer(dev, &bufd, NULL, &buf), S_OK);
    ID3D10Buffer_GetDesc(buf, &got_bufd);
    CHECK(memcmp(&got_bufd, &bufd, sizeof(bufd)) == 0);
    CHECK_HR(ID3D10Buffer_Map(buf, D3D10_MAP_WRITE_DISCARD, 0, &data), S_OK);
    CHECK(data != NULL);
    ID3D10Buffer_Unmap(buf);
    CHECK_HR(ID3D10Buffer_Map(buf, D3D10_MAP_READ, 0, &data), E_INVALIDARG);   /* no read access */
    CHECK_HR(ID3D10Buffer_Map(buf, D3D10_MAP_WRITE_DISCARD, 0, NULL), E_INVALIDARG);
    ID3D10Buffer_GetType(buf, &dim);
    CHECK_EQ(dim, D3D10_RESOURCE_DIMENSION_BUFFER);
    ID3D10Buffer_Release(buf);

    /* Depth-stencil views: no Flags member; GetResource gives the D3D10 texture. */
    CHECK_HR(ID3D10Device1_CreateTexture2D(dev, &dsd, NULL, &ds), S_OK);
    dvd.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    dvd.ViewDimension = D3D10_DSV_DIMENSION_TEXTURE2D;
    CHECK_HR(ID3D10Device1_CreateDepthStencilView(dev, (ID3D10Resource *)ds, &dvd, &dsv), S_OK);
    ID3D10DepthStencilView_GetDesc(dsv, &got_dvd);
    CHECK(memcmp(&got_dvd, &dvd, sizeof(dvd)) == 0);
    ID3D10DepthStencilView_GetResource(dsv, &res);
    CHECK(res == (ID3D10Resource *)ds);
    ID3D10Resource_GetDevice(res, &owner);
    CHECK(owner == (ID3D10Device *)dev);
    ID3D10Device_Release(owner);
    ID3D10Resource_Release(res);
    ID3D10Device1_ClearDepthStencilView(dev, dsv, D3D10_CLEAR_DEPTH | D3D10_CLEAR_STENCIL, 1.0f,
                                        0);
    ID3D10DepthStencilView_Release(dsv);
    /* Negative: a view of something that is not a D3D10 resource of this device. */
    dsv = (ID3D10DepthStencilView *)1;
    CHECK_HR(ID3D10Device1_CreateDepthStencilView(dev, (ID3D10Resource *)dev, &dvd, &dsv),
             E_INVALIDARG);
    CHECK(dsv == NULL);
    ID3D10Texture2D_Release(ds);
    CHECK_EQ(ID3D10Device1_Release(dev), 0);
}

TEST(d3d10_refused_like_d3d11)
{
    ID3D10Device1 *dev = device10_1("10_1", D3D10_FEATURE_LEVEL_10_1);
    uint8_t blob[512];
    size_t size = dxbc_build_simple(DXBC_PROGRAM_GEOMETRY, 4, 0, 0, blob, sizeof(blob));
    ID3D10GeometryShader *gs = (ID3D10GeometryShader *)1;
    ID3D11GeometryShader *gs11 = NULL;
    ID3D11Device *dev11 = NULL;
    D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_10_1;
    ID3D10Texture2D *t = (ID3D10Texture2D *)1;
    D3D10_TEXTURE2D_DESC d = { 0, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, { 1, 0 },
                               D3D10_USAGE_DEFAULT, D3D10_BIND_SHADER_RESOURCE, 0, 0 };
    HRESULT hr11;

    /* Geometry shaders: what a D3D11 device of the same level answers (E_NOTIMPL at 10_x for
     * now), the D3D10 device answers. */
    setenv("SOFTD3D_PROFILE", "10_1", 1);
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                               D3D11_SDK_VERSION, &dev11, NULL, NULL), S_OK);
    unsetenv("SOFTD3D_PROFILE");
    hr11 = ID3D11Device_CreateGeometryShader(dev11, blob, size, NULL, &gs11);
    CHECK_HR(ID3D10Device1_CreateGeometryShader(dev, blob, size, &gs), hr11);
    CHECK(FAILED(hr11) ? gs == NULL : gs != NULL && gs != (ID3D10GeometryShader *)1);
    if (SUCCEEDED(hr11)) {
        ID3D11GeometryShader_Release(gs11);
        ID3D10GeometryShader_Release(gs);
    }
    ID3D11Device_Release(dev11);
    /* A description the D3D11 device refuses, with its message. */
    util_clear_last_message();
    CHECK_HR(ID3D10Device1_CreateTexture2D(dev, &d, NULL, &t), E_INVALIDARG);
    CHECK(t == NULL);
    CHECK_STR_CONTAINS(LAST, "CreateTexture2D");
    /* More entries than D3D10's slots: refused before the D3D11 context sees them. */
    ID3D10SamplerState *samplers[17] = { 0 };
    util_clear_last_message();
    ID3D10Device1_PSSetSamplers(dev, 0, 17, samplers);
    CHECK_STR_CONTAINS(LAST, "PSSetSamplers");
    CHECK_EQ(ID3D10Device1_Release(dev), 0);
}

TEST(d3d10_swap_chain)
{
    DXGI_SWAP_CHAIN_DESC sd;
    IDXGISwapChain *sc = NULL;
    ID3D10Device *dev = NULL, *owner = NULL;
    ID3D10Texture2D *buffer = NULL;
    ID3D10RenderTargetView *rtv = NULL;
    D3D10_TEXTURE2D_DESC td;
    static const float colour[4] = { 0, 1, 0, 1 };

    memset(&sd, 0, sizeof(sd));
    sd.BufferDesc.Width = 16;
    sd.BufferDesc.Height = 8;
    sd.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    sd.SampleDesc.Count = 1;
    sd.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    sd.BufferCount = 1;
    sd.OutputWindow = (HWND)1;
    sd.Windowed = TRUE;
    setenv("SOFTD3D_PROFILE", "10_0", 1);
    CHECK_HR(D3D10CreateDeviceAndSwapChain(NULL, D3D10_DRIVER_TYPE_HARDWARE, NULL, 0,
                                           D3D10_SDK_VERSION, &sd, &sc, &dev), S_OK);
    /* Negative: a swap chain without a description; nothing is created. */
    ID3D10Device *none = (ID3D10Device *)1;
    IDXGISwapChain *no_sc = (IDXGISwapChain *)1;
    CHECK_HR(D3D10CreateDeviceAndSwapChain(NULL, D3D10_DRIVER_TYPE_HARDWARE, NULL, 0,
                                           D3D10_SDK_VERSION, NULL, &no_sc, &none), E_INVALIDARG);
    CHECK(none == NULL && no_sc == NULL);
    unsetenv("SOFTD3D_PROFILE");
    if (!sc || !dev)
        return;
    /* The back buffer as a D3D10 texture of this device. */
    CHECK_HR(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D10Texture2D, (void **)&buffer), S_OK);
    ID3D10Texture2D_GetDesc(buffer, &td);
    CHECK(td.Width == 16 && td.Height == 8 && (td.BindFlags & D3D10_BIND_RENDER_TARGET));
    ID3D10Texture2D_GetDevice(buffer, &owner);
    CHECK(owner == dev);
    ID3D10Device_Release(owner);
    CHECK_HR(ID3D10Device_CreateRenderTargetView(dev, (ID3D10Resource *)buffer, NULL, &rtv), S_OK);
    ID3D10Device_ClearRenderTargetView(dev, rtv, colour);
    CHECK_HR(IDXGISwapChain_Present(sc, 0, 0), S_OK);
    ID3D10RenderTargetView_Release(rtv);
    ID3D10Texture2D_Release(buffer);
    IDXGISwapChain_Release(sc);
    CHECK_EQ(ID3D10Device_Release(dev), 0);
}

TEST(d3d10_queries_states_private_data)
{
    ID3D10Device1 *dev = device10_1("10_1", D3D10_FEATURE_LEVEL_10_0);
    D3D10_QUERY_DESC qd = { D3D10_QUERY_EVENT, 0 }, got_qd = { D3D10_QUERY_OCCLUSION, 1 };
    ID3D10Query *query = NULL;
    ID3D10Asynchronous *async = NULL;
    BOOL done = FALSE;
    D3D10_RASTERIZER_DESC rd = { D3D10_FILL_SOLID, D3D10_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE,
                                 TRUE, FALSE, FALSE }, got_rd = { 0 };
    ID3D10RasterizerState *rs = NULL, *got_rs = NULL;
    ID3D10DepthStencilState *ds = NULL, *got_ds = (ID3D10DepthStencilState *)1;
    D3D10_DEPTH_STENCIL_DESC dsd;
    UINT ref = 7, size = 4;
    D3D10_RECT scissor = { 1, 2, 3, 4 }, got_scissor = { 0 };
    UINT n = 1;
    char name[8] = { 0 };

    /* An event query: End, then GetData through the query itself. */
    CHECK_HR(ID3D10Device1_CreateQuery(dev, &qd, &query), S_OK);
    ID3D10Query_GetDesc(query, &got_qd);
    CHECK(got_qd.Query == D3D10_QUERY_EVENT && got_qd.MiscFlags == 0);
    CHECK_EQ(ID3D10Query_GetDataSize(query), sizeof(BOOL));
    ID3D10Query_End(query);
    CHECK_HR(ID3D10Query_GetData(query, &done, sizeof(done), 0), S_OK);
    CHECK(done == TRUE);
    /* Negative: the wrong data size, as D3D11 refuses it. */
    CHECK_HR(ID3D10Query_GetData(query, &done, 1, 0), E_INVALIDARG);
    CHECK_HR(ID3D10Query_QueryInterface(query, &IID_ID3D10Asynchronous, (void **)&async), S_OK);
    CHECK(async == (ID3D10Asynchronous *)query);
    ID3D10Asynchronous_Release(async);
    CHECK_HR(ID3D10Query_QueryInterface(query, &IID_ID3D10Predicate, (void **)&async),
             E_NOINTERFACE);

    /* State objects read back and bound ones come back as the same objects. */
    CHECK_HR(ID3D10Device1_CreateRasterizerState(dev, &rd, &rs), S_OK);
    ID3D10RasterizerState_GetDesc(rs, &got_rd);
    CHECK(memcmp(&got_rd, &rd, sizeof(rd)) == 0);
    ID3D10Device1_RSSetState(dev, rs);
    ID3D10Device1_RSGetState(dev, &got_rs);
    CHECK(got_rs == rs);
    ID3D10RasterizerState_Release(got_rs);
    ID3D10Device1_RSSetScissorRects(dev, 1, &scissor);
    ID3D10Device1_RSGetScissorRects(dev, &n, &got_scissor);
    CHECK(n == 1 && memcmp(&got_scissor, &scissor, sizeof(scissor)) == 0);
    memset(&dsd, 0, sizeof(dsd));
    dsd.DepthEnable = TRUE;
    dsd.DepthWriteMask = D3D10_DEPTH_WRITE_MASK_ALL;
    dsd.DepthFunc = D3D10_COMPARISON_LESS;
    dsd.FrontFace.StencilFailOp = dsd.FrontFace.StencilDepthFailOp = D3D10_STENCIL_OP_KEEP;
    dsd.FrontFace.StencilPassOp = D3D10_STENCIL_OP_KEEP;
    dsd.FrontFace.StencilFunc = D3D10_COMPARISON_ALWAYS;
    dsd.BackFace = dsd.FrontFace;
    CHECK_HR(ID3D10Device1_CreateDepthStencilState(dev, &dsd, &ds), S_OK);
    ID3D10Device1_OMSetDepthStencilState(dev, ds, 3);
    ID3D10Device1_OMGetDepthStencilState(dev, &got_ds, &ref);
    CHECK(got_ds == ds && ref == 3);
    ID3D10DepthStencilState_Release(got_ds);
    /* Negative: a rasterizer state where a depth-stencil state goes changes nothing. */
    util_clear_last_message();
    ID3D10Device1_OMSetDepthStencilState(dev, (ID3D10DepthStencilState *)rs, 5);
    CHECK_STR_CONTAINS(LAST, "OMSetDepthStencilState");
    ID3D10Device1_OMGetDepthStencilState(dev, &got_ds, &ref);
    CHECK(got_ds == ds && ref == 3);
    ID3D10DepthStencilState_Release(got_ds);

    /* Private data of a D3D10 object is its D3D11 object's. */
    CHECK_HR(ID3D10Query_SetPrivateData(query, &WKPDID_D3DDebugObjectName, 4, "evnt"), S_OK);
    CHECK_HR(ID3D10Query_GetPrivateData(query, &WKPDID_D3DDebugObjectName, &size, name), S_OK);
    CHECK(size == 4 && memcmp(name, "evnt", 4) == 0);
    size = 1;
    CHECK_HR(ID3D10Query_GetPrivateData(query, &WKPDID_D3DDebugObjectName, &size, name),
             DXGI_ERROR_MORE_DATA);

    ID3D10Device1_ClearState(dev);
    ID3D10DepthStencilState_Release(ds);
    ID3D10RasterizerState_Release(rs);
    ID3D10Query_Release(query);
    CHECK_EQ(ID3D10Device1_Release(dev), 0);
}

/* A debug D3D10 device: its refusals land in the D3D11 device's info queue (the one behind it),
 * reached through the DXGI face's device. */
TEST(d3d10_debug_refusals_stored)
{
    ID3D10Device1 *dev = NULL;
    IDXGIDevice *dxgi = NULL;
    ID3D11InfoQueue *queue = NULL;
    ID3D10PixelShader *bad[1] = { (ID3D10PixelShader *)1 };
    setenv("SOFTD3D_PROFILE", "10_1", 1);
    CHECK_HR(D3D10CreateDevice1(NULL, D3D10_DRIVER_TYPE_HARDWARE, NULL, D3D10_CREATE_DEVICE_DEBUG,
                                D3D10_FEATURE_LEVEL_10_0, D3D10_1_SDK_VERSION, &dev), S_OK);
    unsetenv("SOFTD3D_PROFILE");
    if (!dev)
        return;
    CHECK_HR(ID3D10Device1_QueryInterface(dev, &IID_IDXGIDevice, (void **)&dxgi), S_OK);
    CHECK_HR(IDXGIDevice_QueryInterface(dxgi, &IID_ID3D11InfoQueue, (void **)&queue), S_OK);
    if (queue) {
        ID3D11InfoQueue_SetMuteDebugOutput(queue, TRUE);
        ID3D10Device1_PSSetSamplers(dev, 0, 17, (ID3D10SamplerState *const *)bad);
        CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(queue), 1);
        ID3D11InfoQueue_Release(queue);
    }
    IDXGIDevice_Release(dxgi);
    CHECK_EQ(ID3D10Device1_Release(dev), 0);
}
