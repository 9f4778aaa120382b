/* tests/test_d3d11_class.c — class linkage at 11_0 (shader model 5 interfaces and classes):
 * CreateClassLinkage by level, ID3D11ClassLinkage / ID3D11ClassInstance, shaders created
 * with a linkage registering their IFCE classes, *SetShader / *GetShader with class
 * instances (the documented count, NULL, foreign-linkage refusals), and a pixel shader with
 * one interface and two classes drawn pixel-exact while the bound instance switches: a class
 * whose body writes a literal, and one reading its data at this[0].x (the instance's
 * constant-vector offset) -- a shader-declared instance and two CreateClassInstance ones. */
#include "test_render_util.h"

#include "shader/shader_asm.h"

static const D3D_FEATURE_LEVEL L101 = D3D_FEATURE_LEVEL_10_1, L110 = D3D_FEATURE_LEVEL_11_0;

/* One interface slot (fp0), class Red (id 0, table ft0 -> fb0: red) and class Tinted (id 1,
 * ft1 -> fb1: cb0[this[0].x]); instances g_red (Red) and g_tint (Tinted, vector 1). */
static const char PS_IFACE[] =
    "ps_5_0\n"
    "class_type Red, 0\n"
    "class_type Tinted, 1\n"
    "class_instance g_red, 0, 0, 0, 0, 0\n"
    "class_instance g_tint, 1, 0, 1, 0, 0\n"
    "interface_slot 0, 0, ft0\n"
    "interface_slot 0, 1, ft1\n"
    "dcl_function_body fb0\n"
    "dcl_function_body fb1\n"
    "dcl_function_table ft0 = {fb0}\n"
    "dcl_function_table ft1 = {fb1}\n"
    "dcl_interface fp0[1][1] = {ft0, ft1}\n"
    "dcl_constantbuffer cb0[4], dynamicIndexed\n"
    "dcl_output o0.xyzw\n"
    "fcall fp0[0][0]\n"
    "ret\n"
    "label fb0\n"
    "mov o0.xyzw, l(1.0, 0, 0, 1.0)\n"
    "ret\n"
    "label fb1\n"
    "mov o0.xyzw, cb0[this[0].x + 0].xyzw\n"
    "ret\n";

static const char VS_PASS[] = "vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\n"
                              "mov o0.xyzw, v0.xyzw\nret\n";

static ID3D11PixelShader *ps_with(ID3D11Device *dev, ID3D11ClassLinkage *l, HRESULT want)
{
    size_t n = 0;
    void *blob = rd_assemble(PS_IFACE, &n);
    ID3D11PixelShader *ps = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreatePixelShader(dev, blob, n, l, &ps), want);
    free(blob);
    return ps;
}

static void check_all(const uint8_t *img, unsigned n, const uint8_t want[4], const char *what)
{
    for (unsigned i = 0; i < n; i++)
        if (memcmp(img + 4 * i, want, 4)) {
            harness_fail(__FILE__, __LINE__, "%s: pixel %u is %u %u %u %u, want %u %u %u %u",
                         what, i, img[4 * i], img[4 * i + 1], img[4 * i + 2], img[4 * i + 3],
                         want[0], want[1], want[2], want[3]);
            return;
        }
}

TEST(class_linkage_by_level)
{
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Device *dev = rd_profile_device("10_1", L101, &ctx);
    ID3D11ClassLinkage *l = (ID3D11ClassLinkage *)(uintptr_t)1;
    if (!dev)
        return;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateClassLinkage(dev, &l), E_INVALIDARG);
    CHECK(l == NULL);
    CHECK(LAST[0] != 0);
    ID3D11DeviceContext_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0);

    dev = rd_profile_device("11_0", L110, &ctx);
    if (!dev)
        return;
    CHECK_HR(ID3D11Device_CreateClassLinkage(dev, NULL), E_INVALIDARG);
    CHECK_HR(ID3D11Device_CreateClassLinkage(dev, &l), S_OK);
    if (l) {
        ID3D11Device *got = NULL;
        ID3D11DeviceChild *child = NULL;
        UINT v = 0x1234, size = sizeof(v), out = 0;
        static const GUID g = {0x1, 0x2, 0x3, {4, 5, 6, 7, 8, 9, 10, 11}};
        ID3D11ClassLinkage_GetDevice(l, &got);
        CHECK(got == dev);
        if (got)
            ID3D11Device_Release(got);
        CHECK_HR(ID3D11ClassLinkage_QueryInterface(l, &IID_ID3D11DeviceChild, (void **)&child),
                 S_OK);
        if (child)
            ID3D11DeviceChild_Release(child);
        CHECK_HR(ID3D11ClassLinkage_SetPrivateData(l, &g, sizeof(v), &v), S_OK);
        CHECK_HR(ID3D11ClassLinkage_GetPrivateData(l, &g, &size, &out), S_OK);
        CHECK_EQ(out, 0x1234);
        /* nothing registered yet */
        ID3D11ClassInstance *ci = (ID3D11ClassInstance *)(uintptr_t)1;
        CHECK_HR(ID3D11ClassLinkage_GetClassInstance(l, "g_red", 0, &ci), E_INVALIDARG);
        CHECK(ci == NULL);
        CHECK_HR(ID3D11ClassLinkage_CreateClassInstance(l, "Red", 0, 0, 0, 0, &ci), E_INVALIDARG);
        CHECK(ci == NULL);
        CHECK_EQ(ID3D11ClassLinkage_AddRef(l), 2);
        CHECK_EQ(ID3D11ClassLinkage_Release(l), 1);
        CHECK_EQ(ID3D11ClassLinkage_Release(l), 0);
    }
    /* a pointer that is not a softd3d linkage */
    {
        size_t n = 0;
        void *blob = rd_assemble(PS_IFACE, &n);
        ID3D11PixelShader *ps = NULL;
        uint64_t fake[4] = {0, 0, 0, 0};
        if (blob) {
            CHECK_HR(ID3D11Device_CreatePixelShader(dev, blob, n, (ID3D11ClassLinkage *)fake,
                                                    &ps), E_INVALIDARG);
            CHECK(ps == NULL);
        }
        free(blob);
    }
    ID3D11DeviceContext_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(class_instances_from_the_linkage)
{
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Device *dev = rd_profile_device("11_0", L110, &ctx);
    ID3D11ClassLinkage *l = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11ClassInstance *red = NULL, *tint = NULL, *made = NULL, *none = NULL;
    if (!dev)
        return;
    CHECK_HR(ID3D11Device_CreateClassLinkage(dev, &l), S_OK);
    if (!l)
        goto done;
    ps = ps_with(dev, l, S_OK);
    CHECK_HR(ID3D11ClassLinkage_GetClassInstance(l, "g_red", 0, &red), S_OK);
    CHECK_HR(ID3D11ClassLinkage_GetClassInstance(l, "g_tint", 0, &tint), S_OK);
    CHECK_HR(ID3D11ClassLinkage_GetClassInstance(l, "g_tint", 1, &none), E_INVALIDARG);
    CHECK_HR(ID3D11ClassLinkage_GetClassInstance(l, "g_blue", 0, &none), E_INVALIDARG);
    CHECK_HR(ID3D11ClassLinkage_GetClassInstance(l, NULL, 0, &none), E_INVALIDARG);
    CHECK(none == NULL);
    CHECK_HR(ID3D11ClassLinkage_CreateClassInstance(l, "Tinted", 3, 2, 5, 7, &made), S_OK);
    CHECK_HR(ID3D11ClassLinkage_CreateClassInstance(l, "Blue", 0, 0, 0, 0, &none), E_INVALIDARG);
    CHECK_HR(ID3D11ClassLinkage_CreateClassInstance(l, NULL, 0, 0, 0, 0, &none), E_INVALIDARG);
    CHECK_HR(ID3D11ClassLinkage_CreateClassInstance(l, "Red", 0, 0, 0, 0, NULL), S_FALSE);
    CHECK(none == NULL);
    if (!ps || !red || !tint || !made)
        goto done;
    D3D11_CLASS_INSTANCE_DESC d;
    memset(&d, 0xcc, sizeof(d));
    ID3D11ClassInstance_GetDesc(tint, &d);
    CHECK_EQ(d.TypeId, 1);
    CHECK_EQ(d.ConstantBuffer, 0);
    CHECK_EQ(d.BaseConstantBufferOffset, 1);
    CHECK_EQ(d.BaseTexture, 0);
    CHECK_EQ(d.BaseSampler, 0);
    CHECK_EQ(d.InstanceIndex, 0);
    CHECK(!d.Created);
    ID3D11ClassInstance_GetDesc(made, &d);
    CHECK_EQ(d.TypeId, 1);
    CHECK_EQ(d.ConstantBuffer, 3);
    CHECK_EQ(d.BaseConstantBufferOffset, 2);
    CHECK_EQ(d.BaseTexture, 5);
    CHECK_EQ(d.BaseSampler, 7);
    CHECK(d.Created);
    char name[32];
    SIZE_T len = 0;
    ID3D11ClassInstance_GetInstanceName(tint, NULL, &len);
    CHECK_EQ(len, 7);
    len = sizeof(name);
    ID3D11ClassInstance_GetInstanceName(tint, name, &len);
    CHECK(!strcmp(name, "g_tint"));
    len = 4;
    ID3D11ClassInstance_GetTypeName(tint, name, &len);
    CHECK(!strcmp(name, "Tin"));
    CHECK_EQ(len, 7);
    len = sizeof(name);
    ID3D11ClassInstance_GetTypeName(red, name, &len);
    CHECK(!strcmp(name, "Red"));
    len = sizeof(name);
    ID3D11ClassInstance_GetInstanceName(made, name, &len);
    CHECK(!strcmp(name, ""));
    CHECK_EQ(len, 1);
    ID3D11ClassLinkage *back = NULL;
    ID3D11ClassInstance_GetClassLinkage(made, &back);
    CHECK(back == l);
    if (back)
        ID3D11ClassLinkage_Release(back);

    /* *SetShader / *GetShader */
    ID3D11ClassInstance *one[1] = {red}, *two[2] = {red, tint}, *got[2] = {NULL, NULL};
    ID3D11PixelShader *gps = NULL;
    UINT count = 2;
    ID3D11DeviceContext_PSSetShader(ctx, ps, one, 1);
    ID3D11DeviceContext_PSGetShader(ctx, &gps, got, &count);
    CHECK(gps == ps);
    CHECK_EQ(count, 1);
    CHECK(got[0] == red);
    CHECK(got[1] == NULL);
    if (gps)
        ID3D11PixelShader_Release(gps);
    if (got[0])
        ID3D11ClassInstance_Release(got[0]);
    /* refusals change nothing: a count other than the shader's slots, NULL with a count,
     * over D3D11_SHADER_MAX_INTERFACES, an instance of another linkage */
    util_clear_last_message();
    one[0] = tint;
    ID3D11DeviceContext_PSSetShader(ctx, ps, two, 2);
    CHECK(LAST[0] != 0);
    util_clear_last_message();
    ID3D11DeviceContext_PSSetShader(ctx, ps, NULL, 1);
    CHECK(LAST[0] != 0);
    util_clear_last_message();
    ID3D11DeviceContext_PSSetShader(ctx, ps, one, D3D11_SHADER_MAX_INTERFACES + 1);
    CHECK(LAST[0] != 0);
    {
        ID3D11ClassLinkage *l2 = NULL;
        ID3D11PixelShader *ps2 = NULL;
        ID3D11ClassInstance *foreign = NULL;
        CHECK_HR(ID3D11Device_CreateClassLinkage(dev, &l2), S_OK);
        if (l2)
            ps2 = ps_with(dev, l2, S_OK);
        if (l2 && ps2)
            CHECK_HR(ID3D11ClassLinkage_CreateClassInstance(l2, "Tinted", 0, 0, 0, 0, &foreign),
                     S_OK);
        if (foreign) {
            ID3D11ClassInstance *f1[1] = {foreign};
            util_clear_last_message();
            ID3D11DeviceContext_PSSetShader(ctx, ps, f1, 1);
            CHECK(LAST[0] != 0);
            /* a shader created without a linkage takes none of them either */
            util_clear_last_message();
            ID3D11PixelShader *bare = ps_with(dev, NULL, S_OK);
            ID3D11DeviceContext_PSSetShader(ctx, bare, one, 1);
            CHECK(LAST[0] != 0);
            RD_RELEASE(bare);
        }
        RD_RELEASE(foreign);
        RD_RELEASE(ps2);
        RD_RELEASE(l2);
    }
    count = 2;
    got[0] = NULL;
    ID3D11DeviceContext_PSGetShader(ctx, &gps, got, &count);
    CHECK(gps == ps);
    CHECK_EQ(count, 1);
    CHECK(got[0] == red);
    if (gps)
        ID3D11PixelShader_Release(gps);
    if (got[0])
        ID3D11ClassInstance_Release(got[0]);
    /* ClearState drops the instances */
    ID3D11DeviceContext_ClearState(ctx);
    count = 2;
    ID3D11DeviceContext_PSGetShader(ctx, &gps, got, &count);
    CHECK(gps == NULL);
    CHECK_EQ(count, 0);
done:
    ID3D11DeviceContext_ClearState(ctx);
    RD_RELEASE(made);
    RD_RELEASE(tint);
    RD_RELEASE(red);
    RD_RELEASE(ps);
    RD_RELEASE(l);
    ID3D11DeviceContext_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(class_instances_pick_the_function_bodies)
{
    static const float cb[16] = {0, 1, 0, 1,  0, 0, 1, 1,  1, 1, 0, 1,  0.2f, 0.4f, 0.6f, 0.8f};
    static const uint8_t RED[4] = {255, 0, 0, 255}, BLUE[4] = {0, 0, 255, 255},
                         YELLOW[4] = {255, 255, 0, 255}, GREEN[4] = {0, 255, 0, 255},
                         GREY[4] = {51, 51, 51, 51};
    static const float zero[4] = {0, 0, 0, 0};
    struct rd r;
    struct vtx v[6];
    uint8_t img[4 * 4 * 4];
    UINT stride = sizeof(struct vtx), offset = 0;
    ID3D11ClassLinkage *l = NULL;
    ID3D11ClassInstance *red = NULL, *tint = NULL, *green = NULL, *yellow = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11InputLayout *il = NULL;
    ID3D11Buffer *vb = NULL, *cbuf = NULL;
    if (!rd_begin_profile(&r, "11_0", L110, 4, 4)) {
        rd_end(&r);
        return;
    }
    rd_quad(v, 0.0f, zero, zero, zero, zero);
    CHECK_HR(ID3D11Device_CreateClassLinkage(r.dev, &l), S_OK);
    vs = rd_vs(r.dev, VS_PASS);
    il = rd_layout(r.dev, rd_vtx_layout, 1, VS_PASS);
    vb = rd_buffer(r.dev, D3D11_BIND_VERTEX_BUFFER, v, sizeof(v));
    cbuf = rd_buffer(r.dev, D3D11_BIND_CONSTANT_BUFFER, cb, sizeof(cb));
    if (l)
        ps = ps_with(r.dev, l, S_OK);
    if (!l || !ps || !vs || !il || !vb || !cbuf)
        goto done;
    CHECK_HR(ID3D11ClassLinkage_GetClassInstance(l, "g_red", 0, &red), S_OK);
    CHECK_HR(ID3D11ClassLinkage_GetClassInstance(l, "g_tint", 0, &tint), S_OK);
    CHECK_HR(ID3D11ClassLinkage_CreateClassInstance(l, "Tinted", 0, 0, 0, 0, &green), S_OK);
    CHECK_HR(ID3D11ClassLinkage_CreateClassInstance(l, "Tinted", 0, 2, 0, 0, &yellow), S_OK);
    if (!red || !tint || !green || !yellow)
        goto done;
    ID3D11DeviceContext_IASetInputLayout(r.ctx, il);
    ID3D11DeviceContext_IASetVertexBuffers(r.ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetPrimitiveTopology(r.ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(r.ctx, vs, NULL, 0);
    ID3D11DeviceContext_PSSetConstantBuffers(r.ctx, 0, 1, &cbuf);
    struct { ID3D11ClassInstance *inst; const uint8_t *want; const char *what; } draws[] = {
        {red, RED, "Red (fb0)"},
        {tint, BLUE, "g_tint (fb1, cb0[1])"},
        {yellow, YELLOW, "CreateClassInstance vector 2"},
        {green, GREEN, "CreateClassInstance vector 0"},
        {red, RED, "Red again"},
    };
    for (unsigned i = 0; i < sizeof(draws) / sizeof(draws[0]); i++) {
        ID3D11ClassInstance *one[1] = {draws[i].inst};
        rd_clear(&r, 0.2f, 0.2f, 0.2f, 0.2f);
        ID3D11DeviceContext_PSSetShader(r.ctx, ps, one, 1);
        ACCEPTED(ID3D11DeviceContext_Draw(r.ctx, 6, 0));
        rd_read(&r, img);
        check_all(img, 16, draws[i].want, draws[i].what);
    }
    /* an empty slot disables the shader: the draw is dropped with a message */
    {
        ID3D11ClassInstance *one[1] = {NULL};
        rd_clear(&r, 0.2f, 0.2f, 0.2f, 0.2f);
        ID3D11DeviceContext_PSSetShader(r.ctx, ps, one, 1);
        util_clear_last_message();
        ID3D11DeviceContext_Draw(r.ctx, 6, 0);
        CHECK(LAST[0] != 0);
        rd_read(&r, img);
        check_all(img, 16, GREY, "no instance: nothing drawn");
        ID3D11DeviceContext_PSSetShader(r.ctx, ps, NULL, 0);
        util_clear_last_message();
        ID3D11DeviceContext_Draw(r.ctx, 6, 0);
        CHECK(LAST[0] != 0);
        rd_read(&r, img);
        check_all(img, 16, GREY, "no instances: nothing drawn");
    }
done:
    ID3D11DeviceContext_ClearState(r.ctx);
    RD_RELEASE(yellow);
    RD_RELEASE(green);
    RD_RELEASE(tint);
    RD_RELEASE(red);
    RD_RELEASE(ps);
    RD_RELEASE(l);
    RD_RELEASE(cbuf);
    RD_RELEASE(vb);
    RD_RELEASE(il);
    RD_RELEASE(vs);
    rd_end(&r);
}

/* The decoder's and validator's refusals, through the assembler (which runs them). */
TEST(class_programs_refused)
{
    static const char *const bad[] = {
        /* fcall of an undeclared interface */
        "ps_5_0\ndcl_function_body fb0\ndcl_function_table ft0 = {fb0}\n"
        "dcl_interface fp0[1][1] = {ft0}\ndcl_output o0.xyzw\nfcall fp1[0][0]\nret\n"
        "label fb0\nmov o0.xyzw, l(0,0,0,0)\nret\n",
        /* a call site past the interface's */
        "ps_5_0\ndcl_function_body fb0\ndcl_function_table ft0 = {fb0}\n"
        "dcl_interface fp0[1][1] = {ft0}\ndcl_output o0.xyzw\nfcall fp0[0][1]\nret\n"
        "label fb0\nmov o0.xyzw, l(0,0,0,0)\nret\n",
        /* a table naming an undeclared body */
        "ps_5_0\ndcl_function_body fb0\ndcl_function_table ft0 = {fb1}\n"
        "dcl_interface fp0[1][1] = {ft0}\ndcl_output o0.xyzw\nfcall fp0[0][0]\nret\n"
        "label fb0\nmov o0.xyzw, l(0,0,0,0)\nret\n",
        /* a declared body without its label */
        "ps_5_0\ndcl_function_body fb0\ndcl_function_table ft0 = {fb0}\n"
        "dcl_interface fp0[1][1] = {ft0}\ndcl_output o0.xyzw\nfcall fp0[0][0]\nret\n",
        /* a relative array index on an interface not declared dynamicindexed */
        "ps_5_0\ndcl_function_body fb0\ndcl_function_table ft0 = {fb0}\n"
        "dcl_interface fp0[2][1] = {ft0}\ndcl_output o0.xyzw\ndcl_temps 1\n"
        "mov r0.x, l(0)\nfcall fp0[r0.x + 0][0]\nret\n"
        "label fb0\nmov o0.xyzw, l(0,0,0,0)\nret\n",
        /* this[] past the slots */
        "ps_5_0\ndcl_function_body fb0\ndcl_function_table ft0 = {fb0}\n"
        "dcl_interface fp0[1][1] = {ft0}\ndcl_output o0.xyzw\nfcall fp0[0][0]\nret\n"
        "label fb0\nmov o0.xyzw, this[1].xyzw\nret\n",
        /* interfaces in shader model 4 */
        "ps_4_0\ndcl_function_body fb0\ndcl_output o0.xyzw\nret\n",
    };
    for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        void *blob = NULL;
        size_t n = 0;
        char err[256] = "";
        int ret = shader_assemble(bad[i], strlen(bad[i]), &blob, &n, err, sizeof(err));
        if (!ret)
            harness_fail(__FILE__, __LINE__, "program %u assembled", i);
        free(blob);
    }
    /* the good form assembles, and its dynamically indexed variant too (refused at draw) */
    static const char good[] =
        "ps_5_0\ndcl_function_body fb0\ndcl_function_table ft0 = {fb0}\n"
        "dcl_interface_dynamicindexed fp0[2][1] = {ft0}\ndcl_output o0.xyzw\ndcl_temps 1\n"
        "mov r0.x, l(0)\nfcall fp0[r0.x + 0][0]\nret\n"
        "label fb0\nmov o0.xyzw, this[1].xyzw\nret\n";
    void *blob = NULL;
    size_t n = 0;
    char err[256] = "";
    CHECK_EQ(shader_assemble(good, strlen(good), &blob, &n, err, sizeof(err)), 0);
    free(blob);
}
