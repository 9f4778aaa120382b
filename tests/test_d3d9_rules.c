/* tests/test_d3d9_rules.c — the Direct3D 9 runtime rules where Windows differs from (is more
 * lenient than) its reference pages, issue 14 part 4: what the draws and clears do with a
 * scissor rect or viewport past the target and with a depth-stencil surface smaller than the
 * render target; a texture stage reading an unbound texture and a pixel shader sampling an
 * unbound sampler; state blocks with a NULL declaration and stream offsets; POINTSIZE_MAX's
 * default; the PNG dump's frame counter across Reset.  (The plain getter/setter halves of these
 * rules are in test_d3d9_state.c.)  Every pixel is compared exactly. */
#include <dirent.h>
#include <unistd.h>

#include "test_d3d9_render_util.h"

#define W 32
#define H 32

/* A scissor rect of +-8192 (Nuklear's D3D9 demo sets one on its first frame) is accepted and
 * clamped: the draw and the clear cover the whole target; a rect reaching past the top-left
 * corner covers only its part inside the target. */
TEST(d3d9_rule_scissor_past_target)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    uint32_t img[W * H];
    RECT big = { -8192, -8192, 8192, 8192 }, corner = { -10, -10, 8, 8 };
    const D3DRECT part = { 4, 4, 20, 20 };
    if (!dev)
        SKIP("no device");
    r9_clear(dev, 0xff000000);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SCISSORTESTENABLE, TRUE);
    CHECK_HR(IDirect3DDevice9_SetScissorRect(dev, &big), D3D_OK);
    r9_rect(dev, 0, 0, W, H, 0xff00ff00);
    r9_read(dev, img);
    CHECK_PIXEL(img[0], 0xff00ff00, 0);
    CHECK_PIXEL(img[W * H - 1], 0xff00ff00, 0);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0), D3D_OK);
    r9_read(dev, img);
    CHECK_PIXEL(img[0], 0xff0000ff, 0);
    CHECK_PIXEL(img[W * H - 1], 0xff0000ff, 0);
    CHECK_HR(IDirect3DDevice9_SetScissorRect(dev, &corner), D3D_OK);
    r9_rect(dev, 0, 0, W, H, 0xffff0000);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 1, &part, D3DCLEAR_TARGET, 0xffffffff, 1.0f, 0),
             D3D_OK);
    r9_read(dev, img);
    CHECK_PIXEL(img[0], 0xffff0000, 0);
    CHECK_PIXEL(img[7 * W + 7], 0xffffffff, 0);     /* clear: [4, 8) of the scissor */
    CHECK_PIXEL(img[3 * W + 3], 0xffff0000, 0);
    CHECK_PIXEL(img[8 * W + 8], 0xff0000ff, 0);     /* outside the scissor: neither */
    CHECK_PIXEL(img[7 * W + 8], 0xff0000ff, 0);
    r9_end(dev);
}

/* A viewport reaching past the target's right and bottom edges is accepted: a clear of it
 * clears the intersection, a draw is clipped to the target. */
TEST(d3d9_rule_viewport_past_target)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    uint32_t img[W * H];
    D3DVIEWPORT9 vp = { 16, 8, 64, 64, 0.0f, 1.0f };
    if (!dev)
        SKIP("no device");
    r9_clear(dev, 0xff000000);
    CHECK_HR(IDirect3DDevice9_SetViewport(dev, &vp), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0), D3D_OK);
    r9_read(dev, img);
    CHECK_PIXEL(img[8 * W + 16], 0xff0000ff, 0);
    CHECK_PIXEL(img[(H - 1) * W + W - 1], 0xff0000ff, 0);
    CHECK_PIXEL(img[8 * W + 15], 0xff000000, 0);
    CHECK_PIXEL(img[7 * W + 16], 0xff000000, 0);
    /* pre-transformed vertices are in screen pixels: the viewport only scissors them */
    r9_rect(dev, 0, 0, 2 * W, 2 * H, 0xff00ff00);
    r9_read(dev, img);
    CHECK_PIXEL(img[8 * W + 16], 0xff00ff00, 0);
    CHECK_PIXEL(img[(H - 1) * W + W - 1], 0xff00ff00, 0);
    CHECK_PIXEL(img[8 * W + 15], 0xff000000, 0);
    CHECK_PIXEL(img[0], 0xff000000, 0);
    r9_end(dev);
}

/* A depth-stencil surface smaller than the render target: draws (refused before) and depth
 * clears touch only the area both cover; a TARGET-only clear the whole target. */
TEST(d3d9_rule_small_depth_stencil)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DSurface9 *ds = NULL;
    uint32_t img[W * H];
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateDepthStencilSurface(dev, 16, 8, D3DFMT_D24S8,
                                                        D3DMULTISAMPLE_NONE, 0, FALSE, &ds,
                                                        NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, ds), D3D_OK);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0), D3D_OK);
    r9_read(dev, img);
    CHECK_PIXEL(img[(H - 1) * W + W - 1], 0xff000000, 0);
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff0000ff,
                                    0.25f, 0), D3D_OK);
    r9_read(dev, img);
    CHECK_PIXEL(img[7 * W + 15], 0xff0000ff, 0);
    CHECK_PIXEL(img[7 * W + 16], 0xff000000, 0);
    CHECK_PIXEL(img[8 * W + 15], 0xff000000, 0);
    /* depth test LESS against 0.25: the rect at z 0.5 fails inside the depth buffer, and draws
     * nothing outside it */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    r9_rect(dev, 0, 0, W, H, 0xff00ff00);
    r9_read(dev, img);
    CHECK_PIXEL(img[0], 0xff0000ff, 0);
    CHECK_PIXEL(img[(H - 1) * W + W - 1], 0xff000000, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_GREATER);
    r9_rect(dev, 0, 0, W, H, 0xff00ff00);
    r9_read(dev, img);
    CHECK_PIXEL(img[0], 0xff00ff00, 0);
    CHECK_PIXEL(img[7 * W + 15], 0xff00ff00, 0);
    CHECK_PIXEL(img[7 * W + 16], 0xff000000, 0);
    CHECK_PIXEL(img[(H - 1) * W + W - 1], 0xff000000, 0);
    /* without the depth test too, only the overlap */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    r9_rect(dev, 0, 0, W, H, 0xffffffff);
    r9_read(dev, img);
    CHECK_PIXEL(img[7 * W + 15], 0xffffffff, 0);
    CHECK_PIXEL(img[8 * W + 0], 0xff000000, 0);
    CHECK_HR(IDirect3DDevice9_SetDepthStencilSurface(dev, NULL), D3D_OK);
    IDirect3DSurface9_Release(ds);
    r9_end(dev);
}

/* The default stage 0 (MODULATE(TEXTURE, CURRENT), SELECTARG1(TEXTURE)) with no texture passes
 * the diffuse colour through, alpha included (alpha 0 stays 0; softd3d wrote 1 before); a
 * later stage reading TEXTURE without one passes CURRENT through. */
TEST(d3d9_rule_unbound_texture_stage)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    uint32_t img[W * H];
    if (!dev)
        SKIP("no device");
    r9_clear(dev, 0xffffffff);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    r9_rect(dev, 0, 0, 16, H, 0x00804020);
    /* stage 0 selects the diffuse colour, stage 1 adds a texture it does not have, stage 2
     * adds the texture factor: the result is diffuse + factor */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_ADD);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG2, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_COLOROP, D3DTOP_ADD);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_COLORARG1, D3DTA_TFACTOR);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_COLORARG2, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_ALPHAARG1, D3DTA_CURRENT);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_TEXTUREFACTOR, 0x00010203);
    r9_rect(dev, 16, 0, W, H, 0x40102030);
    r9_read(dev, img);
    CHECK_PIXEL(img[0], 0x00804020, 0);
    CHECK_PIXEL(img[W * H - 1], 0x40112233, 0);
    r9_end(dev);
}

/* A pixel shader's sampler without a texture reads (0, 0, 0, 1) (it read (0, 0, 0, 0)). */
TEST(d3d9_rule_unbound_shader_sampler)
{
    static const char ps_text[] =
        "ps_2_0\n"
        "def c0, 0.25, 0.5, 0.75, 0\n"
        "dcl t0.xy\n"
        "dcl_2d s0\n"
        "dcl_cube s1\n"
        "texld r0, t0, s0\n"
        "texld r1, t0, s1\n"
        "add r0, r0, r1\n"
        "mul r0, r0, c0.w\n"
        "add r0, r0, c0\n"
        "add r1, r1, c0\n"
        "mov oC0, r1\n";
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DPixelShader9 *ps = NULL;
    uint32_t img[W * H];
    DWORD *tok;
    if (!dev)
        SKIP("no device");
    if (!(tok = r9_asm(ps_text)))
        SKIP("assembly failed");
    CHECK_HR(IDirect3DDevice9_CreatePixelShader(dev, tok, &ps), D3D_OK);
    free(tok);
    r9_clear(dev, 0xffffffff);
    CHECK_HR(IDirect3DDevice9_SetPixelShader(dev, ps), D3D_OK);
    r9_rect(dev, 0, 0, W, H, 0xffffffff);
    r9_read(dev, img);
    /* r1 = (0, 0, 0, 1) + (0.25, 0.5, 0.75, 0) */
    CHECK_PIXEL(img[5 * W + 5], r9_argb(0.25, 0.5, 0.75, 1.0), 0);
    CHECK_HR(IDirect3DDevice9_SetPixelShader(dev, NULL), D3D_OK);
    IDirect3DPixelShader9_Release(ps);
    r9_end(dev);
}

static const D3DVERTEXELEMENT9 rules_decl_a[] = {
    { 0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
    D3DDECL_END(),
};
static const D3DVERTEXELEMENT9 rules_decl_b[] = {
    { 0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0 },
    D3DDECL_END(),
};

static IDirect3DVertexDeclaration9 *rules_current_decl(IDirect3DDevice9 *dev)
{
    IDirect3DVertexDeclaration9 *d = NULL;
    CHECK_HR(IDirect3DDevice9_GetVertexDeclaration(dev, &d), D3D_OK);
    if (d)
        IDirect3DVertexDeclaration9_Release(d);   /* the device still holds it */
    return d;
}

/* A state block that captured a NULL declaration leaves the device's alone on Apply; one that
 * captured a declaration applies it.  SetFVF(0) records nothing. */
TEST(d3d9_rule_stateblock_null_declaration)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DVertexDeclaration9 *a = NULL, *b = NULL;
    IDirect3DStateBlock9 *sb_null = NULL, *sb_a = NULL, *rec = NULL;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, rules_decl_a, &a), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexDeclaration(dev, rules_decl_b, &b), D3D_OK);
    CHECK(rules_current_decl(dev) == NULL);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, &sb_null), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(dev, a), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_VERTEXSTATE, &sb_a), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(dev, b), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Apply(sb_null), D3D_OK);
    CHECK(rules_current_decl(dev) == b);
    CHECK_HR(IDirect3DStateBlock9_Apply(sb_a), D3D_OK);
    CHECK(rules_current_decl(dev) == a);
    /* recorded: SetVertexDeclaration(NULL) is recorded but not applied; SetFVF(0) nothing */
    CHECK_HR(IDirect3DDevice9_BeginStateBlock(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, 0), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(dev, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_EndStateBlock(dev, &rec), D3D_OK);
    CHECK(rules_current_decl(dev) == a);
    if (rec) {
        CHECK_HR(IDirect3DStateBlock9_Apply(rec), D3D_OK);
        IDirect3DStateBlock9_Release(rec);
    }
    CHECK(rules_current_decl(dev) == a);
    IDirect3DStateBlock9_Release(sb_null);
    IDirect3DStateBlock9_Release(sb_a);
    CHECK_HR(IDirect3DDevice9_SetVertexDeclaration(dev, NULL), D3D_OK);
    IDirect3DVertexDeclaration9_Release(a);
    IDirect3DVertexDeclaration9_Release(b);
    T9_RELEASE_DEVICE(dev);
}

static void rules_stream(IDirect3DDevice9 *dev, IDirect3DVertexBuffer9 *want_vb, UINT want_off,
                         UINT want_stride)
{
    IDirect3DVertexBuffer9 *vb = NULL;
    UINT off = 99, stride = 99;
    CHECK_HR(IDirect3DDevice9_GetStreamSource(dev, 0, &vb, &off, &stride), D3D_OK);
    CHECK(vb == want_vb);
    CHECK_EQ(off, want_off);
    CHECK_EQ(stride, want_stride);
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
}

/* Stream offsets in state blocks: CreateStateBlock's capture holds the offset, a later Capture
 * refreshes buffer and stride only; a recorded block's Capture refreshes all three. */
TEST(d3d9_rule_stateblock_stream_offset)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DVertexBuffer9 *vb1 = NULL, *vb2 = NULL;
    IDirect3DStateBlock9 *sb = NULL, *rec = NULL;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 256, 0, 0, D3DPOOL_MANAGED, &vb1, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateVertexBuffer(dev, 256, 0, 0, D3DPOOL_MANAGED, &vb2, NULL),
             D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 0, vb1, 16, 16), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, &sb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 0, vb2, 32, 20), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Capture(sb), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Apply(sb), D3D_OK);
    rules_stream(dev, vb2, 16, 20);

    CHECK_HR(IDirect3DDevice9_BeginStateBlock(dev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 0, vb1, 8, 16), D3D_OK);
    CHECK_HR(IDirect3DDevice9_EndStateBlock(dev, &rec), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 0, vb1, 24, 12), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Capture(rec), D3D_OK);
    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0), D3D_OK);
    CHECK_HR(IDirect3DStateBlock9_Apply(rec), D3D_OK);
    rules_stream(dev, vb1, 24, 12);

    CHECK_HR(IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0), D3D_OK);
    IDirect3DStateBlock9_Release(sb);
    IDirect3DStateBlock9_Release(rec);
    IDirect3DVertexBuffer9_Release(vb1);
    IDirect3DVertexBuffer9_Release(vb2);
    T9_RELEASE_DEVICE(dev);
}

/* D3DRS_POINTSIZE_MAX starts at the caps' MaxPointSize on every profile. */
TEST(d3d9_rule_pointsize_max_default)
{
    static const char *const profiles[] = { "9_1", "9_3", "max" };
    for (size_t i = 0; i < sizeof(profiles) / sizeof(profiles[0]); i++) {
        IDirect3DDevice9 *dev = t9_device(profiles[i]);
        D3DCAPS9 caps;
        DWORD v = 0;
        float f;
        if (!dev)
            SKIP("no device");
        IDirect3DDevice9_GetDeviceCaps(dev, &caps);
        CHECK_HR(IDirect3DDevice9_GetRenderState(dev, D3DRS_POINTSIZE_MAX, &v), D3D_OK);
        memcpy(&f, &v, sizeof(f));
        CHECK(f == caps.MaxPointSize);
        T9_RELEASE_DEVICE(dev);
    }
}

/* IDirect3DDevice9::GetBackBuffer ignores its D3DBACKBUFFER_TYPE (Windows: LEFT and RIGHT, and
 * any other value, give the MONO buffer), as the swap chain's method does; the index is still
 * checked. */
TEST(d3d9_rule_get_back_buffer_type)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DSurface9 *mono = NULL, *bb = NULL;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &mono), D3D_OK);
    static const D3DBACKBUFFER_TYPE types[] = { D3DBACKBUFFER_TYPE_LEFT, D3DBACKBUFFER_TYPE_RIGHT,
                                                (D3DBACKBUFFER_TYPE)7 };
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
        CHECK_HR(IDirect3DDevice9_GetBackBuffer(dev, 0, 0, types[i], &bb), D3D_OK);
        CHECK(bb == mono);
        if (bb)
            IDirect3DSurface9_Release(bb);
        bb = (IDirect3DSurface9 *)(uintptr_t)1;
        CHECK_HR(IDirect3DDevice9_GetBackBuffer(dev, 0, 1, types[i], &bb), D3DERR_INVALIDCALL);
        CHECK(bb == NULL);
        bb = NULL;
    }
    if (mono)
        IDirect3DSurface9_Release(mono);
    T9_RELEASE_DEVICE(dev);
}

/* The PNG dump's frame counter goes on across Reset: two frames, two files. */
TEST(d3d9_rule_present_dump_across_reset)
{
    char dir[] = "/tmp/softd3d-rules-XXXXXX";
    D3DPRESENT_PARAMETERS pp = t9_pp(64, 64);
    IDirect3DDevice9 *dev;
    DIR *d;
    struct dirent *e;
    int files = 0, second = 0;
    if (!mkdtemp(dir))
        SKIP("mkdtemp failed");
    setenv("SOFTD3D_PRESENT_DUMP", dir, 1);
    dev = t9_device_pp(NULL, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp);
    CHECK(dev != NULL);
    if (dev) {
        CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_Reset(dev, &pp), D3D_OK);
        CHECK_HR(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL), D3D_OK);
        T9_RELEASE_DEVICE(dev);
    }
    unsetenv("SOFTD3D_PRESENT_DUMP");
    if (!(d = opendir(dir)))
        SKIP("cannot list the dump directory");
    while ((e = readdir(d))) {
        char path[512];
        if (e->d_name[0] == '.')
            continue;
        files++;
        second += strstr(e->d_name, "-frame000001.png") != NULL;
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
    CHECK_EQ(files, 2);
    CHECK_EQ(second, 1);
}

/* DXTn sizes per pool: a D3DPOOL_DEFAULT top level must be whole 4x4 blocks; the other pools
 * take any size (softd3d refused none of these before). */
TEST(d3d9_rule_dxt_sizes_per_pool)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DTexture9 *t = NULL;
    IDirect3DCubeTexture9 *c = NULL;
    IDirect3DSurface9 *s = NULL;
    static const D3DPOOL others[] = { D3DPOOL_MANAGED, D3DPOOL_SYSTEMMEM, D3DPOOL_SCRATCH };
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 6, 8, 1, 0, D3DFMT_DXT1, D3DPOOL_DEFAULT, &t,
                                            NULL), D3DERR_INVALIDCALL);
    CHECK(t == NULL);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 2, 1, 0, D3DFMT_DXT5, D3DPOOL_DEFAULT, &t,
                                            NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateCubeTexture(dev, 6, 1, 0, D3DFMT_DXT3, D3DPOOL_DEFAULT, &c,
                                                NULL), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 5, 5, D3DFMT_DXT1,
                                                          D3DPOOL_DEFAULT, &s, NULL),
             D3DERR_INVALIDCALL);
    /* whole blocks in DEFAULT: fine, the mip chain below 4x4 included */
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 8, 0, 0, D3DFMT_DXT1, D3DPOOL_DEFAULT, &t,
                                            NULL), D3D_OK);
    if (t)
        IDirect3DTexture9_Release(t);
    t = NULL;
    for (size_t i = 0; i < sizeof(others) / sizeof(others[0]); i++) {
        CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 6, 6, 1, 0, D3DFMT_DXT1, others[i], &t,
                                                NULL), D3D_OK);
        if (t)
            IDirect3DTexture9_Release(t);
        t = NULL;
    }
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 5, 5, D3DFMT_DXT1,
                                                          D3DPOOL_SYSTEMMEM, &s, NULL), D3D_OK);
    if (s)
        IDirect3DSurface9_Release(s);
    /* not DXTn: no rule */
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 6, 6, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                            &t, NULL), D3D_OK);
    if (t)
        IDirect3DTexture9_Release(t);
    T9_RELEASE_DEVICE(dev);
}

/* LockRect of a DXTn surface with a rectangle off the 4x4 grid: SYSTEMMEM and SCRATCH lock it
 * (pBits at the block holding the top-left texel), DEFAULT and MANAGED refuse it. */
TEST(d3d9_rule_dxt_unaligned_lock)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    static const D3DPOOL lenient[] = { D3DPOOL_SYSTEMMEM, D3DPOOL_SCRATCH };
    IDirect3DSurface9 *s = NULL;
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT all, part;
    const RECT r1 = { 1, 1, 5, 5 }, r2 = { 5, 6, 9, 9 };
    if (!dev)
        SKIP("no device");
    for (size_t i = 0; i < sizeof(lenient) / sizeof(lenient[0]); i++) {
        CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_DXT1,
                                                              lenient[i], &s, NULL), D3D_OK);
        if (!s)
            continue;
        CHECK_HR(IDirect3DSurface9_LockRect(s, &all, NULL, 0), D3D_OK);
        CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
        CHECK_HR(IDirect3DSurface9_LockRect(s, &part, &r1, 0), D3D_OK);
        CHECK(part.pBits == all.pBits);
        CHECK_EQ(part.Pitch, all.Pitch);
        CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
        CHECK_HR(IDirect3DSurface9_LockRect(s, &part, &r2, 0), D3D_OK);
        CHECK(part.pBits == (char *)all.pBits + all.Pitch + 8);   /* block (1, 1), 8 bytes */
        CHECK_HR(IDirect3DSurface9_UnlockRect(s), D3D_OK);
        IDirect3DSurface9_Release(s);
        s = NULL;
    }
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_DXT1,
                                                          D3DPOOL_DEFAULT, &s, NULL), D3D_OK);
    if (s) {
        CHECK_HR(IDirect3DSurface9_LockRect(s, &part, &r1, 0), D3DERR_INVALIDCALL);
        IDirect3DSurface9_Release(s);
    }
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED, &t,
                                            NULL), D3D_OK);
    if (t) {
        CHECK_HR(IDirect3DTexture9_LockRect(t, 0, &part, &r1, 0), D3DERR_INVALIDCALL);
        IDirect3DTexture9_Release(t);
    }
    T9_RELEASE_DEVICE(dev);
}

/* StretchRect's driver table on a profile without D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES
 * (9_1): render-target textures are sources and destinations (refused before), plain surfaces
 * stretch into render targets and render-target textures but not into plain surfaces, a texture
 * that is not a render target is neither. */
TEST(d3d9_rule_stretch_rect_table)
{
    IDirect3DDevice9 *dev = t9_device("9_1");
    IDirect3DTexture9 *rtt = NULL, *tex = NULL;
    IDirect3DSurface9 *rtt_lvl = NULL, *tex_lvl = NULL, *rt = NULL, *plain = NULL,
                      *plain2 = NULL;
    D3DLOCKED_RECT lr;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                            D3DPOOL_DEFAULT, &rtt, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8,
                                            D3DPOOL_DEFAULT, &tex, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                 D3DMULTISAMPLE_NONE, 0, TRUE, &rt, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, D3DFMT_A8R8G8B8,
                                                          D3DPOOL_DEFAULT, &plain, NULL), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                          D3DPOOL_DEFAULT, &plain2, NULL), D3D_OK);
    if (!rtt || !tex || !rt || !plain || !plain2)
        SKIP("no resources");
    IDirect3DTexture9_GetSurfaceLevel(rtt, 0, &rtt_lvl);
    IDirect3DTexture9_GetSurfaceLevel(tex, 0, &tex_lvl);
    CHECK_HR(IDirect3DDevice9_ColorFill(dev, plain, NULL, 0xff336699), D3D_OK);
    /* plain 4x4 -> render-target texture 8x8, stretched; then -> render target 16x16 */
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, plain, NULL, rtt_lvl, NULL, D3DTEXF_POINT), D3D_OK);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rtt_lvl, NULL, rt, NULL, D3DTEXF_LINEAR), D3D_OK);
    CHECK_HR(IDirect3DSurface9_LockRect(rt, &lr, NULL, D3DLOCK_READONLY), D3D_OK);
    CHECK_EQ(((const uint32_t *)lr.pBits)[0], 0xff336699);
    CHECK_EQ(((const uint32_t *)((const char *)lr.pBits + 15 * lr.Pitch))[15], 0xff336699);
    IDirect3DSurface9_UnlockRect(rt);
    /* refused combinations */
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, plain, NULL, plain2, NULL, D3DTEXF_POINT),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, NULL, plain2, NULL, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, tex_lvl, NULL, rt, NULL, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DDevice9_StretchRect(dev, rt, NULL, tex_lvl, NULL, D3DTEXF_NONE),
             D3DERR_INVALIDCALL);
    IDirect3DSurface9_Release(rtt_lvl);
    IDirect3DSurface9_Release(tex_lvl);
    IDirect3DSurface9_Release(rt);
    IDirect3DSurface9_Release(plain);
    IDirect3DSurface9_Release(plain2);
    IDirect3DTexture9_Release(rtt);
    IDirect3DTexture9_Release(tex);
    T9_RELEASE_DEVICE(dev);
}
