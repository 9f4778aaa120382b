/* tests/test_d3d11_shader.c — ID3D11Device shader creation and input layouts at 9_1, 9_2, 9_3
 * (src/d3d11/shader.c, input_layout.c): one test per seed-004 row and level, the general rules,
 * malformed bytecode, object lifetimes and the pipeline accessors.  Blobs come from
 * dxbc_builder.c. */
#define COBJMACROS
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "d3d11_2.h"
#include "d3d11/d3d11_shader.h"
#include "dxbc_builder.h"
#include "util/log.h"

static const D3D_FEATURE_LEVEL levels[3] = {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_2,
                                            D3D_FEATURE_LEVEL_9_3};
static const char *const level_names[3] = {"9_1", "9_2", "9_3"};

static ID3D11Device *make_device(D3D_FEATURE_LEVEL level)
{
    ID3D11Device *dev = NULL;
    unsetenv("SOFTD3D_PROFILE");   /* the default profile allows all three levels */
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                                   D3D11_SDK_VERSION, &dev, NULL, NULL);
    CHECK_HR(hr, S_OK);
    return dev;
}

/* A blob of `type`, shader model major.minor, with a level-9 program of `token` (0: none). */
static size_t blob(uint8_t *out, enum dxbc_program_type type, uint32_t major, uint32_t minor,
                   uint32_t token)
{
    size_t n = dxbc_build_simple(type, major, minor, token, out, 1024);
    CHECK(n > 0);
    return n;
}

static HRESULT create_vs(ID3D11Device *dev, const void *code, size_t n, ID3D11VertexShader **out)
{
    return ID3D11Device_CreateVertexShader(dev, code, n, NULL, out);
}

static HRESULT create_ps(ID3D11Device *dev, const void *code, size_t n, ID3D11PixelShader **out)
{
    return ID3D11Device_CreatePixelShader(dev, code, n, NULL, out);
}

/* ---- CreateVertexShader / CreatePixelShader: seed 004 rows ------------------------------------ */

/* seed 004, CreateVertexShader: vs_4_0_level_9_1 is accepted at 9_1, 9_2 and 9_3. */
TEST(seed004_CreateVertexShader_level_9_1_profile_all_levels)
{
    uint8_t code[1024];
    size_t n = blob(code, DXBC_PROGRAM_VERTEX, 4, 0, DXBC_BUILDER_VS_9_1);
    for (int i = 0; i < 3; i++) {
        ID3D11Device *dev = make_device(levels[i]), *got = NULL;
        ID3D11VertexShader *vs = NULL;
        IUnknown *unk = NULL;
        if (!dev)
            continue;
        CHECK_HR(create_vs(dev, code, n, &vs), S_OK);
        CHECK(vs != NULL);
        if (vs) {
            const struct d3d11_shader_code *c = d3d11_vertex_shader_code(vs);
            CHECK(c != NULL);
            if (c) {
                CHECK_EQ(c->size, n);
                CHECK(c->bytecode != code && !memcmp(c->bytecode, code, n));
                CHECK(c->info.has_level9);
                CHECK_EQ(c->info.level9_target, DXBC_LEVEL9_1);
                CHECK_EQ(c->info.program_type, DXBC_PROGRAM_VERTEX);
                CHECK_EQ(c->info.input.count, 1);
            }
            CHECK_HR(ID3D11VertexShader_QueryInterface(vs, &IID_ID3D11DeviceChild, (void **)&unk),
                     S_OK);
            if (unk)
                IUnknown_Release(unk);
            CHECK_HR(ID3D11VertexShader_QueryInterface(vs, &IID_ID3D11PixelShader, (void **)&unk),
                     E_NOINTERFACE);
            CHECK(unk == NULL);
            ID3D11VertexShader_GetDevice(vs, &got);
            CHECK(got == dev);
            if (got)
                ID3D11Device_Release(got);
            CHECK_EQ(ID3D11VertexShader_Release(vs), 0);
        }
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

/* seed 004, CreatePixelShader: ps_4_0_level_9_1 is accepted at 9_1, 9_2 and 9_3. */
TEST(seed004_CreatePixelShader_level_9_1_profile_all_levels)
{
    uint8_t code[1024];
    size_t n = blob(code, DXBC_PROGRAM_PIXEL, 4, 0, DXBC_BUILDER_PS_9_1);
    for (int i = 0; i < 3; i++) {
        ID3D11Device *dev = make_device(levels[i]);
        ID3D11PixelShader *ps = NULL;
        if (!dev)
            continue;
        CHECK_HR(create_ps(dev, code, n, &ps), S_OK);
        if (ps) {
            const struct d3d11_shader_code *c = d3d11_pixel_shader_code(ps);
            CHECK(c && c->info.has_level9 && c->info.program_type == DXBC_PROGRAM_PIXEL);
            /* The accessors check the vtable: a pixel shader is no vertex shader. */
            CHECK(d3d11_vertex_shader_code((ID3D11VertexShader *)ps) == NULL);
            CHECK_EQ(ID3D11PixelShader_Release(ps), 0);
        }
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
    CHECK(d3d11_pixel_shader_code(NULL) == NULL);
}

/* seed 004: a _level_9_3 shader is refused at 9_1 and 9_2, accepted at 9_3. */
static void check_level_9_3_profile(enum dxbc_program_type type, int level)
{
    uint8_t code[1024];
    bool vs = type == DXBC_PROGRAM_VERTEX;
    size_t n = blob(code, type, 4, 0, vs ? DXBC_BUILDER_VS_9_3 : DXBC_BUILDER_PS_9_3);
    ID3D11Device *dev = make_device(levels[level]);
    IUnknown *obj = (IUnknown *)(uintptr_t)1;
    char want[256];
    if (!dev)
        return;
    util_clear_last_message();
    HRESULT hr = vs ? create_vs(dev, code, n, (ID3D11VertexShader **)&obj)
                    : create_ps(dev, code, n, (ID3D11PixelShader **)&obj);
    if (levels[level] == D3D_FEATURE_LEVEL_9_3) {
        CHECK_HR(hr, S_OK);
        CHECK(obj != NULL);
        if (obj)
            CHECK_EQ(IUnknown_Release(obj), 0);
    } else {
        CHECK_HR(hr, E_INVALIDARG);
        CHECK(obj == NULL);
        snprintf(want, sizeof(want),
                 "%s: %s_4_0_level_9_3 needs feature level 9_3 (its level-9 chunk says %s_2_x, "
                 "token 0x%08x); at %s use %s_4_0_level_9_1 (seed 004)",
                 vs ? "CreateVertexShader" : "CreatePixelShader", vs ? "vs" : "ps",
                 vs ? "vs" : "ps", vs ? DXBC_BUILDER_VS_9_3 : DXBC_BUILDER_PS_9_3,
                 level_names[level], vs ? "vs" : "ps");
        CHECK_STR_CONTAINS(util_last_message(), want);
    }
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* A blob whose Aon9 chunk header (+4) carries `header` while its embedded program keeps
 * `program` (dxbc_builder writes both the same; this rewrites the header copy and re-signs). */
static size_t blob_level9_header(uint8_t *out, enum dxbc_program_type type, uint32_t program,
                                 uint32_t header)
{
    size_t n = blob(out, type, 4, 0, program);
    for (size_t at = 32; at + 12 <= n; at += 4)
        if (!memcmp(out + at, "Aon9", 4)) {
            memcpy(out + at + 12, &header, 4);   /* tag, size, then +0 size, +4 version */
            CHECK_EQ(dxbc_sign(out, n), 0);
            return n;
        }
    CHECK(!"no Aon9 chunk");
    return n;
}

/* Issue 11 part 10 (what Windows does, found by an independent conformance suite): the level-9
 * chunk's version decides, not the program fxc built as ps_4_0_level_9_3 — a chunk saying 2.0
 * is accepted at 9_1 and 9_2; a chunk saying 2.x is refused there even beside a 2.0 program. */
TEST(issue11_level9_chunk_version_decides)
{
    for (int t = 0; t < 2; t++) {
        bool vs = t == 0;
        enum dxbc_program_type type = vs ? DXBC_PROGRAM_VERTEX : DXBC_PROGRAM_PIXEL;
        uint32_t v20 = vs ? DXBC_BUILDER_VS_9_1 : DXBC_BUILDER_PS_9_1;
        uint32_t v2x = vs ? DXBC_BUILDER_VS_9_3 : DXBC_BUILDER_PS_9_3;
        uint8_t says20[1024], says2x[1024];
        size_t n20 = blob_level9_header(says20, type, v2x, v20);
        size_t n2x = blob_level9_header(says2x, type, v20, v2x);
        for (int level = 0; level < 3; level++) {
            ID3D11Device *dev = make_device(levels[level]);
            IUnknown *obj = NULL;
            if (!dev)
                continue;
            HRESULT hr = vs ? create_vs(dev, says20, n20, (ID3D11VertexShader **)&obj)
                            : create_ps(dev, says20, n20, (ID3D11PixelShader **)&obj);
            CHECK_HR(hr, S_OK);
            if (obj)
                CHECK_EQ(IUnknown_Release(obj), 0);
            obj = (IUnknown *)(uintptr_t)1;
            hr = vs ? create_vs(dev, says2x, n2x, (ID3D11VertexShader **)&obj)
                    : create_ps(dev, says2x, n2x, (ID3D11PixelShader **)&obj);
            if (levels[level] == D3D_FEATURE_LEVEL_9_3) {
                CHECK_HR(hr, S_OK);
                if (obj)
                    CHECK_EQ(IUnknown_Release(obj), 0);
            } else {
                CHECK_HR(hr, E_INVALIDARG);
                CHECK(obj == NULL);
            }
            CHECK_EQ(ID3D11Device_Release(dev), 0);
        }
    }
}

TEST(seed004_CreateVertexShader_level_9_3_profile_9_1) { check_level_9_3_profile(DXBC_PROGRAM_VERTEX, 0); }
TEST(seed004_CreateVertexShader_level_9_3_profile_9_2) { check_level_9_3_profile(DXBC_PROGRAM_VERTEX, 1); }
TEST(seed004_CreateVertexShader_level_9_3_profile_9_3) { check_level_9_3_profile(DXBC_PROGRAM_VERTEX, 2); }
TEST(seed004_CreatePixelShader_level_9_3_profile_9_1) { check_level_9_3_profile(DXBC_PROGRAM_PIXEL, 0); }
TEST(seed004_CreatePixelShader_level_9_3_profile_9_2) { check_level_9_3_profile(DXBC_PROGRAM_PIXEL, 1); }
TEST(seed004_CreatePixelShader_level_9_3_profile_9_3) { check_level_9_3_profile(DXBC_PROGRAM_PIXEL, 2); }

/* seed 004: a plain 4_0 (no level-9 program) or higher shader is refused at every 9_x level,
 * with advice naming what the level accepts. */
TEST(seed004_CreateVertexShader_CreatePixelShader_plain_sm4_refused_all_levels)
{
    static const struct { uint32_t major, minor; const char *profile, *needs; } sm[] = {
        {4, 0, "4_0", "10_0"}, {4, 1, "4_1", "10_1"}, {5, 0, "5_0", "11_0"},
    };
    uint8_t code[1024];
    char want[256];
    for (int i = 0; i < 3; i++) {
        ID3D11Device *dev = make_device(levels[i]);
        if (!dev)
            continue;
        for (size_t s = 0; s < sizeof(sm) / sizeof(sm[0]); s++) {
            for (int ps = 0; ps < 2; ps++) {
                size_t n = blob(code, ps ? DXBC_PROGRAM_PIXEL : DXBC_PROGRAM_VERTEX, sm[s].major,
                                sm[s].minor, 0);
                IUnknown *obj = (IUnknown *)(uintptr_t)1;
                const char *p = ps ? "ps" : "vs";
                util_clear_last_message();
                HRESULT hr = ps ? create_ps(dev, code, n, (ID3D11PixelShader **)&obj)
                                : create_vs(dev, code, n, (ID3D11VertexShader **)&obj);
                CHECK_HR(hr, E_INVALIDARG);
                CHECK(obj == NULL);
                if (levels[i] == D3D_FEATURE_LEVEL_9_3)
                    snprintf(want, sizeof(want),
                             "%s: %s_%s needs feature level %s; at 9_3 use %s_4_0_level_9_3 or "
                             "%s_4_0_level_9_1 (seed 004)", ps ? "CreatePixelShader" :
                             "CreateVertexShader", p, sm[s].profile, sm[s].needs, p, p);
                else
                    snprintf(want, sizeof(want),
                             "%s: %s_%s needs feature level %s; at %s use %s_4_0_level_9_1 "
                             "(seed 004)", ps ? "CreatePixelShader" : "CreateVertexShader", p,
                             sm[s].profile, sm[s].needs, level_names[i], p);
                CHECK_STR_CONTAINS(util_last_message(), want);
            }
        }
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

/* The message the brief quotes, verbatim. */
TEST(seed004_CreatePixelShader_plain_ps_4_0_message_9_1)
{
    uint8_t code[1024];
    size_t n = blob(code, DXBC_PROGRAM_PIXEL, 4, 0, 0);
    ID3D11Device *dev = make_device(D3D_FEATURE_LEVEL_9_1);
    ID3D11PixelShader *ps = NULL;
    if (!dev)
        return;
    util_clear_last_message();
    CHECK_HR(create_ps(dev, code, n, &ps), E_INVALIDARG);
    CHECK(!strcmp(util_last_message(), "CreatePixelShader: ps_4_0 needs feature level 10_0; at "
                                       "9_1 use ps_4_0_level_9_1 (seed 004)"));
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* A level-9 chunk beside a non-4_0 program is no 4_0_level_9_x shader. */
TEST(d3d11_shader_level9_chunk_beside_sm5_refused)
{
    uint8_t code[1024];
    size_t n = blob(code, DXBC_PROGRAM_VERTEX, 5, 0, DXBC_BUILDER_VS_9_1);
    ID3D11Device *dev = make_device(D3D_FEATURE_LEVEL_9_3);
    ID3D11VertexShader *vs = NULL;
    if (!dev)
        return;
    util_clear_last_message();
    CHECK_HR(create_vs(dev, code, n, &vs), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "beside a vs_5_0 program");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* The bytecode must be of the method's stage. */
TEST(d3d11_shader_wrong_stage_refused)
{
    uint8_t vs_code[1024], ps_code[1024];
    size_t nv = blob(vs_code, DXBC_PROGRAM_VERTEX, 4, 0, DXBC_BUILDER_VS_9_1);
    size_t np = blob(ps_code, DXBC_PROGRAM_PIXEL, 4, 0, DXBC_BUILDER_PS_9_1);
    for (int i = 0; i < 3; i++) {
        ID3D11Device *dev = make_device(levels[i]);
        ID3D11VertexShader *vs = (ID3D11VertexShader *)(uintptr_t)1;
        ID3D11PixelShader *ps = (ID3D11PixelShader *)(uintptr_t)1;
        if (!dev)
            continue;
        util_clear_last_message();
        CHECK_HR(create_vs(dev, ps_code, np, &vs), E_INVALIDARG);
        CHECK(vs == NULL);
        CHECK_STR_CONTAINS(util_last_message(), "CreateVertexShader: the bytecode is a "
                                                "ps_4_0_level_9_1 pixel shader, not a vertex shader");
        CHECK_HR(create_ps(dev, vs_code, nv, &ps), E_INVALIDARG);
        CHECK(ps == NULL);
        CHECK_STR_CONTAINS(util_last_message(), "not a pixel shader");
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

/* Malformed containers are refused with the reader's message, which names the offset. */
TEST(d3d11_shader_malformed_bytecode_refused)
{
    uint8_t code[1024], bad[1024];
    size_t n = blob(code, DXBC_PROGRAM_VERTEX, 4, 0, DXBC_BUILDER_VS_9_1);
    ID3D11Device *dev = make_device(D3D_FEATURE_LEVEL_9_1);
    ID3D11VertexShader *vs = (ID3D11VertexShader *)(uintptr_t)1;
    if (!dev)
        return;

    /* Truncated: the header's total size no longer matches. */
    util_clear_last_message();
    CHECK_HR(create_vs(dev, code, n - 4, &vs), E_INVALIDARG);
    CHECK(vs == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "CreateVertexShader: malformed bytecode: dxbc:");
    CHECK_STR_CONTAINS(util_last_message(), "offset 0x18");
    /* Shorter than the header. */
    CHECK_HR(create_vs(dev, code, 16, &vs), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "offset 0x0");

    /* Bad checksum: one byte of a chunk changed, not re-signed. */
    memcpy(bad, code, n);
    bad[n - 1] ^= 0x40;
    CHECK_HR(create_vs(dev, bad, n, &vs), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "checksum at offset 0x4 does not match");
    /* An unsigned (all-zero checksum) blob: the runtime refuses those too. */
    memcpy(bad, code, n);
    memset(bad + 4, 0, 16);
    CHECK_HR(create_vs(dev, bad, n, &vs), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "all zero");
    /* Not DXBC at all. */
    memset(bad, 0x11, 64);
    CHECK_HR(create_vs(dev, bad, 64, &vs), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "magic 0x11111111 at offset 0x0");

    /* A container without a program. */
    struct dxbc_builder_shader d = {.type = DXBC_PROGRAM_VERTEX, .major = 4, .no_program = 1};
    size_t m = dxbc_build_shader(&d, bad, sizeof(bad));
    CHECK(m > 0);
    CHECK_HR(create_vs(dev, bad, m, &vs), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "no SHDR or SHEX program chunk");

    /* NULL bytecode, zero length. */
    CHECK_HR(create_vs(dev, NULL, n, &vs), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "CreateVertexShader: pShaderBytecode is NULL");
    CHECK_HR(ID3D11Device_CreatePixelShader(dev, code, 0, NULL, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "CreatePixelShader: BytecodeLength is 0");
    CHECK(vs == NULL);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* A NULL out-pointer validates only: S_FALSE for what would be created, the error otherwise. */
TEST(d3d11_shader_null_out_validates_only)
{
    uint8_t vs_code[1024], ps_code[1024], plain[1024];
    size_t nv = blob(vs_code, DXBC_PROGRAM_VERTEX, 4, 0, DXBC_BUILDER_VS_9_1);
    size_t np = blob(ps_code, DXBC_PROGRAM_PIXEL, 4, 0, DXBC_BUILDER_PS_9_1);
    size_t n0 = blob(plain, DXBC_PROGRAM_PIXEL, 4, 0, 0);
    for (int i = 0; i < 3; i++) {
        ID3D11Device *dev = make_device(levels[i]);
        if (!dev)
            continue;
        CHECK_HR(ID3D11Device_CreateVertexShader(dev, vs_code, nv, NULL, NULL), S_FALSE);
        CHECK_HR(ID3D11Device_CreatePixelShader(dev, ps_code, np, NULL, NULL), S_FALSE);
        CHECK_HR(ID3D11Device_CreatePixelShader(dev, plain, n0, NULL, NULL), E_INVALIDARG);
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

/* Class linkage is shader model 5 (11_0): pClassLinkage must be NULL at 9_x. */
TEST(d3d11_shader_class_linkage_must_be_null_9_x)
{
    uint8_t code[1024];
    size_t n = blob(code, DXBC_PROGRAM_VERTEX, 4, 0, DXBC_BUILDER_VS_9_1);
    ID3D11ClassLinkage *fake = (ID3D11ClassLinkage *)(uintptr_t)0x1000; /* never dereferenced */
    for (int i = 0; i < 3; i++) {
        ID3D11Device *dev = make_device(levels[i]);
        ID3D11VertexShader *vs = (ID3D11VertexShader *)(uintptr_t)1;
        if (!dev)
            continue;
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreateVertexShader(dev, code, n, fake, &vs), E_INVALIDARG);
        CHECK(vs == NULL);
        CHECK_STR_CONTAINS(util_last_message(), "pClassLinkage must be NULL at feature level");
        CHECK_STR_CONTAINS(util_last_message(), level_names[i]);
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

/* The pure validator, below 9_x's concern: levels 10_0+ run the SM4/5 program. */
TEST(d3d11_shader_validate_levels_above_9_3)
{
    uint8_t code[1024];
    char msg[D3D11_SHADER_MSG_SIZE];
    struct dxbc_shader_info info;
    size_t n = blob(code, DXBC_PROGRAM_VERTEX, 4, 1, 0);
    CHECK_HR(d3d11_validate_shader(D3D_FEATURE_LEVEL_10_0, "CreateVertexShader",
                                   DXBC_PROGRAM_VERTEX, code, n, false, &info, msg, sizeof(msg)),
             E_INVALIDARG);
    CHECK_STR_CONTAINS(msg, "vs_4_1 needs feature level 10_1, the device is 10_0");
    CHECK_HR(d3d11_validate_shader(D3D_FEATURE_LEVEL_10_1, "CreateVertexShader",
                                   DXBC_PROGRAM_VERTEX, code, n, false, &info, msg, sizeof(msg)),
             S_OK);
    CHECK(info.has_program && info.minor == 1);
    dxbc_info_free(&info);
    n = blob(code, DXBC_PROGRAM_VERTEX, 4, 0, DXBC_BUILDER_VS_9_3);
    CHECK_HR(d3d11_validate_shader(D3D_FEATURE_LEVEL_11_0, "CreateVertexShader",
                                   DXBC_PROGRAM_VERTEX, code, n, true, &info, msg, sizeof(msg)),
             S_OK);
    dxbc_info_free(&info);
}

/* ---- the stages 10Level9 lacks -------------------------------------------------------------- */

static void check_unsupported_stages(int level)
{
    uint8_t code[1024];
    size_t n = blob(code, DXBC_PROGRAM_GEOMETRY, 4, 0, 0);
    ID3D11Device *dev = make_device(levels[level]);
    char want[200];
    if (!dev)
        return;
    ID3D11GeometryShader *gs = (ID3D11GeometryShader *)(uintptr_t)1;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateGeometryShader(dev, code, n, NULL, &gs), E_INVALIDARG);
    CHECK(gs == NULL);
    snprintf(want, sizeof(want), "CreateGeometryShader: geometry shaders are not supported at "
                                 "feature level %s (they need 10_0) (seed 004)", level_names[level]);
    CHECK(!strcmp(util_last_message(), want));

    static const D3D11_SO_DECLARATION_ENTRY so = {0, "SV_Position", 0, 0, 4, 0};
    UINT stride = 16;
    gs = (ID3D11GeometryShader *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateGeometryShaderWithStreamOutput(dev, code, n, &so, 1, &stride, 1, 0,
                                                               NULL, &gs), E_INVALIDARG);
    CHECK(gs == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "CreateGeometryShaderWithStreamOutput:");
    CHECK_STR_CONTAINS(util_last_message(), "(seed 004)");

    ID3D11HullShader *hs = (ID3D11HullShader *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateHullShader(dev, code, n, NULL, &hs), E_INVALIDARG);
    CHECK(hs == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "hull shaders are not supported");
    CHECK_STR_CONTAINS(util_last_message(), "(they need 11_0) (seed 004)");

    ID3D11DomainShader *ds = (ID3D11DomainShader *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateDomainShader(dev, code, n, NULL, &ds), E_INVALIDARG);
    CHECK(ds == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "domain shaders are not supported");

    ID3D11ComputeShader *cs = (ID3D11ComputeShader *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateComputeShader(dev, code, n, NULL, &cs), E_INVALIDARG);
    CHECK(cs == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "compute shaders are not supported");

    ID3D11ClassLinkage *cl = (ID3D11ClassLinkage *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateClassLinkage(dev, &cl), E_INVALIDARG);
    CHECK(cl == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "CreateClassLinkage: class linkages are not supported");

    /* Validation-only calls are refused the same way. */
    CHECK_HR(ID3D11Device_CreateGeometryShader(dev, code, n, NULL, NULL), E_INVALIDARG);
    CHECK_HR(ID3D11Device_CreateComputeShader(dev, code, n, NULL, NULL), E_INVALIDARG);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(seed004_CreateGeometryHullDomainCompute_unsupported_9_1) { check_unsupported_stages(0); }
TEST(seed004_CreateGeometryHullDomainCompute_unsupported_9_2) { check_unsupported_stages(1); }
TEST(seed004_CreateGeometryHullDomainCompute_unsupported_9_3) { check_unsupported_stages(2); }

/* ---- CreateInputLayout -------------------------------------------------------------------------- */

/* A level-9 vertex shader with the given inputs. */
static size_t vs_with_inputs(uint8_t *out, const struct dxbc_builder_element *in, uint32_t n)
{
    static const struct dxbc_builder_element vs_out[] = {{"SV_Position", 0, 1, 3, 0, 0xf, 0}};
    struct dxbc_builder_shader d = {0};
    d.type = DXBC_PROGRAM_VERTEX;
    d.major = 4;
    d.level9_token = DXBC_BUILDER_VS_9_1;
    d.inputs = in;
    d.input_count = n;
    d.outputs = vs_out;
    d.output_count = 1;
    size_t size = dxbc_build_shader(&d, out, 1024);
    CHECK(size > 0);
    return size;
}

/* POSITION (float4, v0), TEXCOORD0 (float2, v1), INST0 (float4, v2): all read. */
static const struct dxbc_builder_element three_inputs[] = {
    {"POSITION", 0, 0, 3, 0, 0xf, 0xf},
    {"TEXCOORD", 0, 0, 3, 1, 0x3, 0x3},
    {"INST", 0, 0, 3, 2, 0xf, 0xf},
};

static D3D11_INPUT_ELEMENT_DESC el(const char *name, UINT index, DXGI_FORMAT f, UINT slot,
                                   UINT offset, D3D11_INPUT_CLASSIFICATION cls, UINT step)
{
    D3D11_INPUT_ELEMENT_DESC d = {name, index, f, slot, offset, cls, step};
    return d;
}

#define PV D3D11_INPUT_PER_VERTEX_DATA
#define PI D3D11_INPUT_PER_INSTANCE_DATA
#define APPEND D3D11_APPEND_ALIGNED_ELEMENT
#define F4 DXGI_FORMAT_R32G32B32A32_FLOAT
#define F2 DXGI_FORMAT_R32G32_FLOAT

static HRESULT layout(ID3D11Device *dev, const D3D11_INPUT_ELEMENT_DESC *d, UINT n,
                      const uint8_t *code, size_t size)
{
    ID3D11InputLayout *il = (ID3D11InputLayout *)(uintptr_t)1;
    HRESULT hr = ID3D11Device_CreateInputLayout(dev, d, n, code, size, &il);
    if (SUCCEEDED(hr)) {
        CHECK(il != NULL);
        if (il)
            CHECK_EQ(ID3D11InputLayout_Release(il), 0);
    } else {
        CHECK(il == NULL);
    }
    return hr;
}

/* seed 004, CreateInputLayout 9_1 / 9_2: per-instance data is refused; per-vertex is fine. */
static void check_per_instance_refused(int level)
{
    uint8_t code[1024];
    size_t n = vs_with_inputs(code, three_inputs, 3);
    ID3D11Device *dev = make_device(levels[level]);
    char want[200];
    if (!dev)
        return;
    D3D11_INPUT_ELEMENT_DESC all_vertex[] = {
        el("POSITION", 0, F4, 0, 0, PV, 0), el("TEXCOORD", 0, F2, 0, APPEND, PV, 0),
        el("INST", 0, F4, 1, 0, PV, 0),
    };
    CHECK_HR(layout(dev, all_vertex, 3, code, n), S_OK);
    D3D11_INPUT_ELEMENT_DESC instanced[] = {
        el("POSITION", 0, F4, 0, 0, PV, 0), el("TEXCOORD", 0, F2, 0, APPEND, PV, 0),
        el("INST", 0, F4, 1, 0, PI, 1),
    };
    util_clear_last_message();
    CHECK_HR(layout(dev, instanced, 3, code, n), E_INVALIDARG);
    snprintf(want, sizeof(want), "CreateInputLayout: element 2 (INST0): "
             "D3D11_INPUT_PER_INSTANCE_DATA is not supported at feature level %s (seed 004)",
             level_names[level]);
    CHECK(!strcmp(util_last_message(), want));
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, instanced, 3, code, n, NULL), E_INVALIDARG);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

TEST(seed004_CreateInputLayout_per_instance_9_1) { check_per_instance_refused(0); }
TEST(seed004_CreateInputLayout_per_instance_9_2) { check_per_instance_refused(1); }

/* seed 004, CreateInputLayout 9_3: instancing allowed, with per-vertex data in slot 0. */
TEST(seed004_CreateInputLayout_per_instance_9_3)
{
    uint8_t code[1024];
    size_t n = vs_with_inputs(code, three_inputs, 3);
    ID3D11Device *dev = make_device(D3D_FEATURE_LEVEL_9_3);
    if (!dev)
        return;
    D3D11_INPUT_ELEMENT_DESC ok[] = {
        el("POSITION", 0, F4, 0, 0, PV, 0), el("TEXCOORD", 0, F2, 0, APPEND, PV, 0),
        el("INST", 0, F4, 1, 0, PI, 1),
    };
    CHECK_HR(layout(dev, ok, 3, code, n), S_OK);
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, ok, 3, code, n, NULL), S_FALSE);

    /* Per-instance data in slot 0, per-vertex in slot 1: refused. */
    D3D11_INPUT_ELEMENT_DESC inst_in_0[] = {
        el("POSITION", 0, F4, 1, 0, PV, 0), el("TEXCOORD", 0, F2, 1, APPEND, PV, 0),
        el("INST", 0, F4, 0, 0, PI, 1),
    };
    util_clear_last_message();
    CHECK_HR(layout(dev, inst_in_0, 3, code, n), E_INVALIDARG);
    CHECK(!strcmp(util_last_message(),
                  "CreateInputLayout: the layout has per-vertex data, so input slot 0 must hold "
                  "D3D11_INPUT_PER_VERTEX_DATA at feature level 9_3; it holds per-instance data "
                  "(seed 004)"));

    /* Slot 0 unused while slots 1 (per-vertex) and 2 (per-instance) are: refused. */
    D3D11_INPUT_ELEMENT_DESC empty_0[] = {
        el("POSITION", 0, F4, 1, 0, PV, 0), el("TEXCOORD", 0, F2, 1, APPEND, PV, 0),
        el("INST", 0, F4, 2, 0, PI, 1),
    };
    CHECK_HR(layout(dev, empty_0, 3, code, n), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "it holds no element (seed 004)");

    /* Decision: without instancing the row restricts nothing (per-vertex data in slot 1 only). */
    D3D11_INPUT_ELEMENT_DESC vertex_in_1[] = {
        el("POSITION", 0, F4, 1, 0, PV, 0), el("TEXCOORD", 0, F2, 1, APPEND, PV, 0),
        el("INST", 0, F4, 2, 0, PV, 0),
    };
    CHECK_HR(layout(dev, vertex_in_1, 3, code, n), S_OK);

    /* 10Level9 instancing steps once per instance. */
    D3D11_INPUT_ELEMENT_DESC step2[] = {
        el("POSITION", 0, F4, 0, 0, PV, 0), el("TEXCOORD", 0, F2, 0, APPEND, PV, 0),
        el("INST", 0, F4, 1, 0, PI, 2),
    };
    CHECK_HR(layout(dev, step2, 3, code, n), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "InstanceDataStepRate 2 must be 1 for per-instance "
                                            "data at feature level 9_3");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* Matching against the vertex shader's input signature, at every level. */
TEST(d3d11_CreateInputLayout_signature_matching)
{
    static const struct dxbc_builder_element in[] = {
        {"POSITION", 0, 0, 3, 0, 0xf, 0xf},
        {"TEXCOORD", 1, 0, 3, 1, 0x3, 0x3},
        {"UNUSED", 0, 0, 3, 2, 0xf, 0x0},        /* declared, never read */
        {"SV_VertexID", 0, 6, 1, 3, 0x1, 0x1},   /* system value: generated */
    };
    uint8_t code[1024];
    size_t n = vs_with_inputs(code, in, 4);
    for (int i = 0; i < 3; i++) {
        ID3D11Device *dev = make_device(levels[i]);
        if (!dev)
            continue;
        D3D11_INPUT_ELEMENT_DESC good[] = {
            el("position", 0, F4, 0, 0, PV, 0),   /* semantics match case-insensitively */
            el("TexCoord", 1, F2, 0, APPEND, PV, 0),
        };
        CHECK_HR(layout(dev, good, 2, code, n), S_OK);

        D3D11_INPUT_ELEMENT_DESC missing[] = {
            el("POSITION", 0, F4, 0, 0, PV, 0),
            el("TEXCOORD", 0, F2, 0, APPEND, PV, 0),   /* index 0, the shader reads 1 */
        };
        util_clear_last_message();
        CHECK_HR(layout(dev, missing, 2, code, n), E_INVALIDARG);
        CHECK(!strcmp(util_last_message(), "CreateInputLayout: the shader reads TEXCOORD1 (input "
                                           "register v1), but no element provides it"));

        /* Extra elements the shader does not read are fine. */
        D3D11_INPUT_ELEMENT_DESC extra[] = {
            el("POSITION", 0, F4, 0, 0, PV, 0), el("TEXCOORD", 1, F2, 0, APPEND, PV, 0),
            el("NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 1, 0, PV, 0),
        };
        CHECK_HR(layout(dev, extra, 3, code, n), S_OK);

        /* A component-type mismatch is only a warning, as documented. */
        D3D11_INPUT_ELEMENT_DESC uint_color[] = {
            el("POSITION", 0, DXGI_FORMAT_R8G8B8A8_UINT, 0, 0, PV, 0),
            el("TEXCOORD", 1, F2, 0, APPEND, PV, 0),
        };
        util_clear_last_message();
        CHECK_HR(layout(dev, uint_color, 2, code, n), S_OK);
        CHECK_STR_CONTAINS(util_last_message(), "CreateInputLayout: warning: element 0 (POSITION0) "
                                                "delivers uint data");
        CHECK_EQ(ID3D11Device_Release(dev), 0);
    }
}

/* What the layout object keeps: own copies of the names, resolved offsets, shader registers. */
TEST(d3d11_CreateInputLayout_object_keeps_elements)
{
    uint8_t code[1024];
    size_t n = vs_with_inputs(code, three_inputs, 3);
    ID3D11Device *dev = make_device(D3D_FEATURE_LEVEL_9_3);
    ID3D11InputLayout *il = NULL;
    ID3D11Device *got = NULL;
    if (!dev)
        return;
    char name0[16] = "POSITION", name1[16] = "TEXCOORD", name2[16] = "INST";
    D3D11_INPUT_ELEMENT_DESC d[] = {
        el(name1, 0, F2, 0, 16, PV, 0),
        el(name0, 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, PV, 0),
        el(name2, 0, F4, 1, APPEND, PI, 1),
        el("COLOR", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, APPEND, PV, 0),
    };
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, d, 4, code, n, &il), S_OK);
    if (il) {
        memset(name0, 'x', 8);
        memset(name1, 'y', 8);
        const struct d3d11_input_layout_info *info = d3d11_input_layout_info(il);
        CHECK(info != NULL);
        if (info) {
            CHECK_EQ(info->count, 4);
            CHECK(!strcmp(info->elements[0].desc.SemanticName, "TEXCOORD"));
            CHECK(!strcmp(info->elements[1].desc.SemanticName, "POSITION"));
            CHECK_EQ(info->elements[0].offset, 16);
            CHECK_EQ(info->elements[0].size, 8);
            CHECK_EQ(info->elements[1].offset, 0);
            CHECK_EQ(info->elements[2].offset, 0);                 /* slot 1 starts at 0 */
            CHECK_EQ(info->elements[2].desc.AlignedByteOffset, APPEND);
            CHECK_EQ(info->elements[3].offset, 4);                 /* after POSITION in slot 0 */
            CHECK_EQ(info->elements[0].shader_register, 1);
            CHECK_EQ(info->elements[1].shader_register, 0);
            CHECK_EQ(info->elements[2].shader_register, 2);
            CHECK_EQ(info->elements[3].shader_register, -1);       /* not in the signature */
            CHECK_EQ(info->elements[2].desc.InputSlotClass, PI);
        }
        IUnknown *unk = NULL;
        CHECK_HR(ID3D11InputLayout_QueryInterface(il, &IID_ID3D11InputLayout, (void **)&unk), S_OK);
        if (unk)
            CHECK_EQ(IUnknown_Release(unk), 1);
        ID3D11InputLayout_GetDevice(il, &got);
        CHECK(got == dev);
        if (got)
            ID3D11Device_Release(got);
        CHECK_EQ(ID3D11InputLayout_Release(il), 0);
    }
    CHECK(d3d11_input_layout_info(NULL) == NULL);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* The documented general rules, each refused with the element and the rule named. */
TEST(d3d11_CreateInputLayout_general_rules)
{
    static const struct dxbc_builder_element in[] = {{"POSITION", 0, 0, 3, 0, 0xf, 0xf}};
    uint8_t code[1024], bad[1024];
    size_t n = vs_with_inputs(code, in, 1);
    ID3D11Device *dev = make_device(D3D_FEATURE_LEVEL_9_1);
    if (!dev)
        return;
    D3D11_INPUT_ELEMENT_DESC d[20];
    const char *msg;

#define REFUSED(count, needle)                                                                  \
    do {                                                                                        \
        util_clear_last_message();                                                              \
        CHECK_HR(layout(dev, d, count, code, n), E_INVALIDARG);                                 \
        msg = util_last_message();                                                              \
        CHECK_STR_CONTAINS(msg, "CreateInputLayout: ");                                         \
        CHECK_STR_CONTAINS(msg, needle);                                                        \
    } while (0)

    d[0] = el("POSITION", 0, F4, 0, 0, PV, 0);
    CHECK_HR(layout(dev, d, 1, code, n), S_OK);

    d[0].SemanticName = NULL;
    REFUSED(1, "element 0: SemanticName is NULL");
    d[0] = el("POSITION", 0, DXGI_FORMAT_BC1_UNORM, 0, 0, PV, 0);
    REFUSED(1, "element 0 (POSITION0): DXGI_FORMAT_BC1_UNORM is not a vertex buffer format at "
               "feature level 9_1");
    /* R16G16_FLOAT is vertex data from 9_3 only (format support tables). */
    d[0] = el("POSITION", 0, DXGI_FORMAT_R16G16_FLOAT, 0, 0, PV, 0);
    REFUSED(1, "DXGI_FORMAT_R16G16_FLOAT is not a vertex buffer format at feature level 9_1");
    d[0] = el("POSITION", 0, F4, 16, 0, PV, 0);
    REFUSED(1, "InputSlot 16 is not below 16 at feature level 9_1");
    d[0] = el("POSITION", 0, F4, 15, 0, PV, 0);
    CHECK_HR(layout(dev, d, 1, code, n), S_OK);
    d[0] = el("POSITION", 0, F4, 0, 0, (D3D11_INPUT_CLASSIFICATION)2, 0);
    REFUSED(1, "InputSlotClass 2 is neither");
    d[0] = el("POSITION", 0, F4, 0, 0, PV, 1);
    REFUSED(1, "InstanceDataStepRate 1 must be 0 for D3D11_INPUT_PER_VERTEX_DATA");
    d[0] = el("POSITION", 0, F4, 0, 2, PV, 0);
    REFUSED(1, "AlignedByteOffset 2 is not a multiple of 4 (DXGI_FORMAT_R32G32B32A32_FLOAT)");
    d[0] = el("POSITION", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 2, PV, 0);  /* byte components */
    CHECK_HR(layout(dev, d, 1, code, n), S_OK);
    d[0] = el("POSITION", 0, F4, 0, 2040, PV, 0);
    REFUSED(1, "ends at byte 2056, past the 2048-byte largest vertex");
    d[0] = el("POSITION", 0, F4, 0, 0xfffffff0u, PV, 0);               /* no wrap-around */
    REFUSED(1, "past the 2048-byte largest vertex");
    d[0] = el("POSITION", 0, F4, 0, 0, PV, 0);
    d[1] = el("Position", 0, F4, 1, 0, PV, 0);
    REFUSED(2, "element 1 (Position0) repeats the semantic of element 0");
    /* At most 16 elements at 9_x (APPEND_ALIGNED packs them into slot 0). */
    for (int i = 0; i < 17; i++) {
        static char names[17][8];
        snprintf(names[i], sizeof(names[i]), "T%d", i);
        d[i] = el(names[i], 0, DXGI_FORMAT_R32_FLOAT, 0, APPEND, PV, 0);
    }
    d[0] = el("POSITION", 0, F4, 0, 0, PV, 0);
    CHECK_HR(layout(dev, d, 16, code, n), S_OK);
    REFUSED(17, "NumElements 17 exceeds 16 at feature level 9_1");

    /* NULL arrays and bytecode. */
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, NULL, 1, code, n, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "pInputElementDescs is NULL with NumElements 1");
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, d, 1, NULL, n, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "pShaderBytecodeWithInputSignature is NULL");
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, d, 1, code, 0, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "BytecodeLength is 0");

    /* Malformed bytecode: the reader's message with its offset. */
    memcpy(bad, code, n);
    bad[40] ^= 1;
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, d, 1, bad, n, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "malformed bytecode: dxbc: checksum at offset 0x4");
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, d, 1, code, n - 1, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "offset 0x18");
    /* No input signature. */
    struct dxbc_builder_shader nosig = {.type = DXBC_PROGRAM_VERTEX, .major = 4,
                                        .level9_token = DXBC_BUILDER_VS_9_1,
                                        .no_input_signature = 1};
    size_t m = dxbc_build_shader(&nosig, bad, sizeof(bad));
    CHECK(m > 0);
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, d, 1, bad, m, NULL), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "no input signature (ISGN chunk)");

    /* Validation only. */
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, d, 1, code, n, NULL), S_FALSE);
#undef REFUSED
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* Elements of one slot share their class and step rate (9_3, where both classes exist). */
TEST(d3d11_CreateInputLayout_slot_class_consistency_9_3)
{
    uint8_t code[1024];
    size_t n = vs_with_inputs(code, three_inputs, 3);
    ID3D11Device *dev = make_device(D3D_FEATURE_LEVEL_9_3);
    if (!dev)
        return;
    D3D11_INPUT_ELEMENT_DESC mixed[] = {
        el("POSITION", 0, F4, 0, 0, PV, 0), el("TEXCOORD", 0, F2, 1, 0, PV, 0),
        el("INST", 0, F4, 1, APPEND, PI, 1),
    };
    util_clear_last_message();
    CHECK_HR(layout(dev, mixed, 3, code, n), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "element 2 (INST0): input slot 1 mixes per-vertex and "
                                            "per-instance data (element 1)");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* An empty layout is accepted when the shader reads nothing (decision, see input_layout.c);
 * refused by the signature check when it does. */
TEST(d3d11_CreateInputLayout_empty_layout)
{
    static const struct dxbc_builder_element unused[] = {{"POSITION", 0, 0, 3, 0, 0xf, 0}};
    uint8_t code[1024], reads[1024];
    size_t n = vs_with_inputs(code, unused, 1);
    size_t m = vs_with_inputs(reads, three_inputs, 1);
    ID3D11Device *dev = make_device(D3D_FEATURE_LEVEL_9_1);
    ID3D11InputLayout *il = NULL;
    if (!dev)
        return;
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, NULL, 0, code, n, &il), S_OK);
    if (il) {
        const struct d3d11_input_layout_info *info = d3d11_input_layout_info(il);
        CHECK(info && info->count == 0);
        CHECK_EQ(ID3D11InputLayout_Release(il), 0);
    }
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, NULL, 0, reads, m, &il), E_INVALIDARG);
    CHECK(il == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "reads POSITION0");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* The device outlives its children: releasing the device first keeps it alive until the last
 * shader or layout goes. */
TEST(d3d11_shader_children_hold_the_device)
{
    uint8_t code[1024];
    size_t n = blob(code, DXBC_PROGRAM_VERTEX, 4, 0, DXBC_BUILDER_VS_9_1);
    ID3D11Device *dev = make_device(D3D_FEATURE_LEVEL_9_2);
    ID3D11VertexShader *vs = NULL;
    ID3D11InputLayout *il = NULL;
    if (!dev)
        return;
    D3D11_INPUT_ELEMENT_DESC d = el("POSITION", 0, F4, 0, 0, PV, 0);
    CHECK_HR(create_vs(dev, code, n, &vs), S_OK);
    CHECK_HR(ID3D11Device_CreateInputLayout(dev, &d, 1, code, n, &il), S_OK);
    CHECK_EQ(ID3D11Device_Release(dev), 2);
    if (vs)
        CHECK_EQ(ID3D11VertexShader_Release(vs), 0);
    if (il)
        CHECK_EQ(ID3D11InputLayout_Release(il), 0);
}
