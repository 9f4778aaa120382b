/* src/d3d11/shader.c — ID3D11Device: CreateVertexShader, CreatePixelShader, CreateGeometryShader,
 * CreateGeometryShaderWithStreamOutput, CreateHullShader, CreateDomainShader,
 * CreateComputeShader, CreateClassLinkage (CreateInputLayout is in input_layout.c).
 *
 * Vertex, pixel, geometry (10_0+), hull, domain and compute (11_0+) shaders are real device
 * children that keep a copy of the bytecode and its parsed dxbc_shader_info (d3d11_shader.h);
 * the shader decoder reads them from there.  Below their levels the stages are refused with a
 * message.
 *
 * RULES (each refusal: E_INVALIDARG, out-pointer NULL, nothing created, one message line)
 *  - Documented for every Create*Shader (ID3D11Device reference pages): pShaderBytecode must
 *    point to compiled shader bytecode of BytecodeLength bytes; the bytecode must be of the
 *    method's stage; ppShader NULL validates only and returns S_FALSE.
 *  - The container must be well formed and correctly signed (dxbc_parse without
 *    DXBC_PARSE_ALLOW_ZERO_CHECKSUM: the runtime refuses unsigned blobs); the refusal repeats the
 *    reader's message, which names the byte offset.
 *  - seed 004, CreateVertexShader / CreatePixelShader: 9_1 and 9_2 must use vs/ps_4_0_level_9_1;
 *    9_3 must use vs/ps_4_0_level_9_3 or vs/ps_4_0_level_9_1.  Such a shader is a 4_0 program
 *    with an "Aon9" chunk holding its SM2 translation, and which of the two profiles built it is
 *    read from the Aon9 chunk's version token: 2.0 for _level_9_1, 2.x for _level_9_3 (see
 *    src/shader/dxbc.h, enum dxbc_level9_target, and the notes above parse_level9() in dxbc.c;
 *    the chunk header's copy decides where it differs from the program's, as on Windows:
 *    chunk_level9_token below).
 *    A shader without the chunk (plain vs_4_0 or higher) needs 10_0 or more.
 *  - pClassLinkage: class linkage is the dynamic shader linkage of shader model 5 ("Interfaces
 *    and Classes", HLSL reference; ID3D11ClassLinkage), so below 11_0 it must be NULL.
 *  - seed 004: CreateGeometryShader(WithStreamOutput) not supported at any 9_x level;
 *    CreateHullShader / CreateDomainShader not at any 9_x or 10_x level.  Compute: 10Level9 has
 *    no compute shaders ("Compute Shader Overview": cs_4_x runs on 10_x hardware that reports
 *    D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, as this device does; cs_4_1 needs 10_1, cs_5_0
 *    11_0, by the shader-model rule of validate_stage).  CreateClassLinkage: decided
 *    refused below 11_0 for the reason above (no 9_x shader can use one), so that an application
 *    learns at once, not at its first shader.
 */
#include "d3d11/d3d11_shader.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11/device_child.h"
#include "d3d11/limits.h"
#include "shader/tpf.h"
#include "util/log.h"

static void set_msg(char *msg, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void set_msg(char *msg, size_t size, const char *fmt, ...)
{
    va_list ap;
    if (!msg || !size)
        return;
    va_start(ap, fmt);
    vsnprintf(msg, size, fmt, ap);
    va_end(ap);
}

/* ---- profiles and the levels that run them ------------------------------------------------- */

static const char *stage_prefix(enum dxbc_program_type type)
{
    switch (type) {
    case DXBC_PROGRAM_PIXEL: return "ps";
    case DXBC_PROGRAM_VERTEX: return "vs";
    case DXBC_PROGRAM_GEOMETRY: return "gs";
    case DXBC_PROGRAM_HULL: return "hs";
    case DXBC_PROGRAM_DOMAIN: return "ds";
    case DXBC_PROGRAM_COMPUTE: return "cs";
    default: return "??";
    }
}

static const char *stage_noun(enum dxbc_program_type type)
{
    switch (type) {
    case DXBC_PROGRAM_PIXEL: return "pixel";
    case DXBC_PROGRAM_VERTEX: return "vertex";
    case DXBC_PROGRAM_GEOMETRY: return "geometry";
    case DXBC_PROGRAM_HULL: return "hull";
    case DXBC_PROGRAM_DOMAIN: return "domain";
    case DXBC_PROGRAM_COMPUTE: return "compute";
    default: return "unknown";
    }
}

const char *d3d11_shader_profile_name(const struct dxbc_shader_info *info, char *buf, size_t size)
{
    if (!info->has_program) {
        snprintf(buf, size, "(no SM4/5 program)");
        return buf;
    }
    const char *suffix = "";
    if (info->has_level9)
        suffix = info->level9_target == DXBC_LEVEL9_3 ? "_level_9_3" : "_level_9_1";
    snprintf(buf, size, "%s_%u_%u%s", stage_prefix(info->program_type), (unsigned)info->major,
             (unsigned)info->minor, suffix);
    return buf;
}

/* The lowest level that runs a plain (no level-9 program) SM4/5 shader: shader model 4.0 is
 * 10_0, 4.1 is 10_1, 5.0 is 11_0 ("Direct3D feature levels" table); 5.1 is Direct3D 12 only. */
static D3D_FEATURE_LEVEL plain_min_level(const struct dxbc_shader_info *info)
{
    if (info->major == 4)
        return info->minor == 0 ? D3D_FEATURE_LEVEL_10_0 : D3D_FEATURE_LEVEL_10_1;
    if (info->major == 5 && info->minor == 0)
        return D3D_FEATURE_LEVEL_11_0;
    return D3D_FEATURE_LEVEL_12_0;
}

/* seed 004, CreateVertexShader and CreatePixelShader rows: the level-9 profiles each 9_x level
 * accepts, as a set of enum dxbc_level9_target bits. */
static const struct level9_profile_rule {
    D3D_FEATURE_LEVEL level;
    unsigned targets;
} level9_profile_rules[] = {
    {D3D_FEATURE_LEVEL_9_1, 1u << DXBC_LEVEL9_1},                       /* _level_9_1 */
    {D3D_FEATURE_LEVEL_9_2, 1u << DXBC_LEVEL9_1},                       /* _level_9_1 */
    {D3D_FEATURE_LEVEL_9_3, (1u << DXBC_LEVEL9_1) | (1u << DXBC_LEVEL9_3)}, /* _9_3 or _9_1 */
};

static const struct level9_profile_rule *level9_rule(D3D_FEATURE_LEVEL level)
{
    for (size_t i = 0; i < sizeof(level9_profile_rules) / sizeof(level9_profile_rules[0]); i++)
        if (level9_profile_rules[i].level == level)
            return &level9_profile_rules[i];
    return NULL;
}

/* "vs_4_0_level_9_3 or vs_4_0_level_9_1": what a level accepts, for the refusal message. */
static const char *level9_advice(const struct level9_profile_rule *r, const char *prefix,
                                 char *buf, size_t size)
{
    if (r->targets & (1u << DXBC_LEVEL9_3))
        snprintf(buf, size, "%s_4_0_level_9_3 or %s_4_0_level_9_1", prefix, prefix);
    else
        snprintf(buf, size, "%s_4_0_level_9_1", prefix);
    return buf;
}

/* The version that decides which 9_x levels run a level-9 program: the Aon9 chunk's own header
 * token (+4), when it is a vs/ps 2.0 or 2.x token of the program's kind; otherwise the embedded
 * program's token.  Windows decides so: an independent D3D11 conformance suite found that a
 * shader fxc built as ps_4_0_level_9_3 whose Aon9 chunk says ps_2_0 is accepted at 9_1 and 9_2
 * (issue 11, part 10), although its program's token is 2.x. */
static uint32_t chunk_level9_token(const struct dxbc_shader_info *info)
{
    uint32_t h = info->level9_header_token;
    bool valid = (h >> 16) == (info->level9_version_token >> 16) && ((h >> 8) & 0xff) == 2 &&
                 (h & 0xff) <= 1;
    return valid ? h : info->level9_version_token;
}

static enum dxbc_level9_target chunk_level9_target(const struct dxbc_shader_info *info)
{
    return (chunk_level9_token(info) & 0xff) ? DXBC_LEVEL9_3 : DXBC_LEVEL9_1;
}

HRESULT d3d11_validate_shader(D3D_FEATURE_LEVEL level, const char *method,
                              enum dxbc_program_type want, const void *bytecode, SIZE_T size,
                              bool has_class_linkage, struct dxbc_shader_info *info,
                              char *msg, size_t msg_size)
{
    const char *lname = d3d11_level_name(level);
    struct dxbc_error err;
    char profile[48], advice[64];

    memset(info, 0, sizeof(*info));
    set_msg(msg, msg_size, "%s", "");
    if (!bytecode) {
        set_msg(msg, msg_size, "%s: pShaderBytecode is NULL", method);
        return E_INVALIDARG;
    }
    if (!size) {
        set_msg(msg, msg_size, "%s: BytecodeLength is 0", method);
        return E_INVALIDARG;
    }
    if (has_class_linkage && level < D3D_FEATURE_LEVEL_11_0) {
        set_msg(msg, msg_size,
                "%s: pClassLinkage must be NULL at feature level %s (class linkage is shader "
                "model 5 dynamic linkage, feature level 11_0)", method, lname);
        return E_INVALIDARG;
    }
    int ret = dxbc_parse(bytecode, size, 0, info, &err);
    if (ret == DXBC_E_NOMEM) {
        set_msg(msg, msg_size, "%s: out of memory reading the bytecode", method);
        return E_OUTOFMEMORY;
    }
    if (ret < 0) {
        set_msg(msg, msg_size, "%s: malformed bytecode: %s", method, err.message);
        return E_INVALIDARG;
    }

    HRESULT hr = E_INVALIDARG;
    if (!info->has_program) {
        set_msg(msg, msg_size, "%s: the bytecode has no SHDR or SHEX program chunk", method);
        goto refuse;
    }
    d3d11_shader_profile_name(info, profile, sizeof(profile));
    if (info->program_type != want) {
        set_msg(msg, msg_size, "%s: the bytecode is a %s %s shader, not a %s shader", method,
                profile, stage_noun(info->program_type), stage_noun(want));
        goto refuse;
    }

    const struct level9_profile_rule *rule = level9_rule(level);
    if (rule) {
        /* seed 004: at 9_x only the 4_0_level_9_x profiles the row names. */
        level9_advice(rule, stage_prefix(want), advice, sizeof(advice));
        if (!info->has_level9) {
            set_msg(msg, msg_size, "%s: %s needs feature level %s; at %s use %s (seed 004)",
                    method, profile, d3d11_level_name(plain_min_level(info)), lname, advice);
            goto refuse;
        }
        if (info->major != 4 || info->minor != 0) {
            /* fxc writes the Aon9 chunk only beside a 4_0 program. */
            set_msg(msg, msg_size,
                    "%s: a level-9 (Aon9) program beside a %s_%u_%u program is not a "
                    "4_0_level_9_x shader; at %s use %s (seed 004)", method, stage_prefix(want),
                    (unsigned)info->major, (unsigned)info->minor, lname, advice);
            goto refuse;
        }
        if (!(rule->targets & (1u << chunk_level9_target(info)))) {
            set_msg(msg, msg_size,
                    "%s: %s needs feature level 9_3 (its level-9 chunk says %s_2_x, token "
                    "0x%08x); at %s use %s (seed 004)", method, profile, stage_prefix(want),
                    (unsigned)chunk_level9_token(info), lname, advice);
            goto refuse;
        }
    } else if (plain_min_level(info) > level) {
        /* 10_0 and above run the SM4/5 program; its shader model decides. */
        set_msg(msg, msg_size, "%s: %s needs feature level %s, the device is %s", method,
                profile, d3d11_level_name(plain_min_level(info)), lname);
        goto refuse;
    }
    return S_OK;

refuse:
    dxbc_info_free(info);
    return hr;
}

/* ---- vertex and pixel shader objects --------------------------------------------------------- */

static void shader_code_free(struct d3d11_shader_code *code)
{
    dxbc_info_free(&code->info);
    dxbc_class_free(&code->classes);
    if (code->linkage)
        ID3D11ClassLinkage_Release(code->linkage);
    free(code->bytecode);
    free(code->so);
    memset(code, 0, sizeof(*code));
}

/* The IFCE chunk (class types and instances: shader/dxbc_class.h) of a new shader, kept with
 * it and, when the shader was created with a class linkage, registered with that linkage so
 * that GetClassInstance / CreateClassInstance find them. */
static HRESULT attach_classes(struct d3d11_device *dev, const char *method,
                              struct d3d11_shader_code *code, ID3D11ClassLinkage *linkage)
{
    struct dxbc_error err;
    int ret = dxbc_class_parse(code->bytecode, code->size, 0, &code->classes, &err);
    if (ret == DXBC_E_NOMEM) {
        d3d11_msg(dev, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    if (ret < 0) {
        /* fxc's own IFCE layout is undocumented (dxbc_class.h): a chunk this parser cannot
         * read leaves the shader without known classes rather than refusing it (its program
         * was validated already; draws needing instances are refused then) */
        d3d11_msg(dev, "%s: IFCE chunk not understood, no class instances known: %s", method,
                  err.message);
        dxbc_class_free(&code->classes);   /* (zeroes it) */
    }
    if (!linkage)
        return S_OK;
    if (FAILED(d3d11_class_linkage_add(linkage, &code->classes))) {
        d3d11_msg(dev, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    ID3D11ClassLinkage_AddRef(linkage);
    code->linkage = linkage;
    return S_OK;
}

/* One template for both stages (they differ only in their interface): the object, its vtable,
 * its creation from validated code, and the accessor with its vtable check. */
#define D3D11_SHADER_CLASS(prefix, Iface)                                                       \
    struct d3d11_##prefix {                                                                   \
        Iface iface;                                                                          \
        struct d3d11_child child;                                                             \
        struct d3d11_shader_code code;                                                        \
    };                                                                                        \
    static void prefix##_destroy(struct d3d11_##prefix *s)                                   \
    {                                                                                         \
        shader_code_free(&s->code);                                                           \
        free(s);                                                                              \
    }                                                                                         \
    static const GUID *const prefix##_iids[] = {&IID_##Iface, NULL};                         \
    D3D11_CHILD_IMPLEMENT(prefix, Iface, struct d3d11_##prefix, prefix##_iids,               \
                          prefix##_destroy)                                                   \
    static const Iface##Vtbl prefix##_vtbl = {D3D11_CHILD_VTBL_ENTRIES(prefix)};             \
    /* Takes ownership of *info (zeroed afterwards), also on failure. */                      \
    static HRESULT prefix##_create(struct d3d11_device *dev, const void *bytecode,           \
                                   size_t size, struct dxbc_shader_info *info, Iface **out)  \
    {                                                                                         \
        struct d3d11_##prefix *s = calloc(1, sizeof(*s));                                    \
        uint8_t *copy = malloc(size);                                                         \
        if (!s || !copy) {                                                                    \
            free(s);                                                                          \
            free(copy);                                                                       \
            dxbc_info_free(info);                                                             \
            return E_OUTOFMEMORY;                                                             \
        }                                                                                     \
        memcpy(copy, bytecode, size);                                                         \
        s->iface.lpVtbl = &prefix##_vtbl;                                                     \
        d3d11_child_init(&s->child, dev);                                                     \
        s->code.bytecode = copy;                                                              \
        s->code.size = size;                                                                  \
        s->code.info = *info;                                                                 \
        memset(info, 0, sizeof(*info));                                                       \
        *out = &s->iface;                                                                     \
        return S_OK;                                                                          \
    }                                                                                         \
    const struct d3d11_shader_code *d3d11_##prefix##_code(Iface *iface)                      \
    {                                                                                         \
        if (!iface || iface->lpVtbl != &prefix##_vtbl)                                        \
            return NULL;                                                                      \
        return &prefix##_impl(iface)->code;                                                   \
    }                                                                                         \
    /* The class data of a new shader (attach_classes); on failure the shader is released. */ \
    static HRESULT prefix##_classes(struct d3d11_device *dev, const char *method,            \
                                    ID3D11ClassLinkage *linkage, Iface **out)                \
    {                                                                                         \
        HRESULT hr = attach_classes(dev, method, &prefix##_impl(*out)->code, linkage);       \
        if (FAILED(hr)) {                                                                     \
            Iface##_Release(*out);                                                            \
            *out = NULL;                                                                      \
        }                                                                                     \
        return hr;                                                                            \
    }

D3D11_SHADER_CLASS(vertex_shader, ID3D11VertexShader)
D3D11_SHADER_CLASS(pixel_shader, ID3D11PixelShader)
D3D11_SHADER_CLASS(geometry_shader, ID3D11GeometryShader)
D3D11_SHADER_CLASS(hull_shader, ID3D11HullShader)
D3D11_SHADER_CLASS(domain_shader, ID3D11DomainShader)
D3D11_SHADER_CLASS(compute_shader, ID3D11ComputeShader)

struct d3d11_child *d3d11_shader_child(ID3D11DeviceChild *shader)
{
    const void *vtbl = shader ? shader->lpVtbl : NULL;
    if (vtbl == (const void *)&vertex_shader_vtbl)
        return &vertex_shader_impl((ID3D11VertexShader *)shader)->child;
    if (vtbl == (const void *)&pixel_shader_vtbl)
        return &pixel_shader_impl((ID3D11PixelShader *)shader)->child;
    if (vtbl == (const void *)&geometry_shader_vtbl)
        return &geometry_shader_impl((ID3D11GeometryShader *)shader)->child;
    if (vtbl == (const void *)&hull_shader_vtbl)
        return &hull_shader_impl((ID3D11HullShader *)shader)->child;
    if (vtbl == (const void *)&domain_shader_vtbl)
        return &domain_shader_impl((ID3D11DomainShader *)shader)->child;
    if (vtbl == (const void *)&compute_shader_vtbl)
        return &compute_shader_impl((ID3D11ComputeShader *)shader)->child;
    return NULL;
}

/* The unordered-access views a shader model 5 program declares, against the level: UAVs in
 * the pixel and compute stages from 11_0, in every stage at 11_1 ("Direct3D 11.1 Features":
 * "Use UAVs at every pipeline stage"); slots u0..u7 at 11_0 (D3D11_PS_CS_UAV_REGISTER_COUNT),
 * u0..u63 at 11_1 (D3D11_1_UAV_SLOT_COUNT).  A refusal is E_INVALIDARG with a message; a
 * program the decoder does not take is left to the stage's own checks (S_OK here). */
static HRESULT uav_rules(struct d3d11_device *dev, const char *method,
                         enum dxbc_program_type type, const void *bytecode, SIZE_T size)
{
    struct ir_program ir;
    struct tpf_error err;
    HRESULT hr = S_OK;
    const struct d3d11_level_limits *lim = d3d11_level_limits(dev->level);
    UINT slots = lim ? lim->uav_slots : 0;
    /* compute at 10_x: cs_4_x, whose one UAV u0 its decoder enforces (D3D11.3 18.7.2.2) */
    bool cs4 = type == DXBC_PROGRAM_COMPUTE && dev->level >= D3D_FEATURE_LEVEL_10_0 &&
               dev->level < D3D_FEATURE_LEVEL_11_0;
    if (cs4)
        slots = D3D11_CS_4_X_UAV_REGISTER_COUNT;
    bool stage_ok = cs4 || (type == DXBC_PROGRAM_PIXEL || type == DXBC_PROGRAM_COMPUTE
                                ? dev->level >= D3D_FEATURE_LEVEL_11_0
                                : dev->level >= D3D_FEATURE_LEVEL_11_1);
    if (tpf_decode_blob(bytecode, size, 0, &ir, &err))
        return S_OK;
    for (uint32_t p = 0; p <= ir.hs_phase_count && hr == S_OK; p++) {
        const struct ir_program *prog = p ? &ir.hs_phases[p - 1] : &ir;
        for (uint32_t i = 0; i < prog->uavs.count && hr == S_OK; i++) {
            UINT slot = prog->uavs.items[i].slot;
            if (!stage_ok) {
                d3d11_msg(dev, "%s: the %s program declares u%u: unordered-access views in "
                          "the %s stage need feature level %s, the device is %s", method,
                          stage_noun(type), slot, stage_noun(type),
                          type == DXBC_PROGRAM_PIXEL || type == DXBC_PROGRAM_COMPUTE ? "11_0"
                                                                                     : "11_1",
                          d3d11_level_name(dev->level));
                hr = E_INVALIDARG;
            } else if (slot >= slots) {
                d3d11_msg(dev, "%s: u%u is past the %u unordered-access slots of feature level "
                          "%s (u0..u%u)", method, slot, slots, d3d11_level_name(dev->level),
                          slots - 1);
                hr = E_INVALIDARG;
            }
        }
    }
    ir_program_free(&ir);
    return hr;
}

/* What CreateVertexShader and CreatePixelShader share: validation (message issued on refusal)
 * and the validate-only call.  S_OK with *info filled when the caller is to create the object
 * (want_object), S_FALSE for a NULL out-pointer, or the refusal. */
static HRESULT validate_stage(struct d3d11_device *dev, const char *method,
                              enum dxbc_program_type type, const void *bytecode, SIZE_T size,
                              ID3D11ClassLinkage *linkage, bool want_object,
                              struct dxbc_shader_info *info)
{
    char msg[D3D11_SHADER_MSG_SIZE];
    HRESULT hr = d3d11_validate_shader(dev->level, method, type, bytecode, size, linkage != NULL,
                                       info, msg, sizeof(msg));
    if (FAILED(hr)) {
        d3d11_msg(dev, "%s", msg);
        return hr;
    }
    if (linkage && !d3d11_class_linkage_of(dev, linkage)) {
        dxbc_info_free(info);
        d3d11_msg(dev, "%s: pClassLinkage is not a class linkage of this device", method);
        return E_INVALIDARG;
    }
    if (info->major >= 5 && FAILED(hr = uav_rules(dev, method, type, bytecode, size))) {
        dxbc_info_free(info);
        return hr;
    }
    if (!want_object) {
        dxbc_info_free(info);
        return S_FALSE;
    }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateVertexShader(ID3D11Device2 *iface,
                                                           const void *bytecode, SIZE_T size,
                                                           ID3D11ClassLinkage *linkage,
                                                           ID3D11VertexShader **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    struct dxbc_shader_info info;
    HRESULT hr;

    if (out)
        *out = NULL;
    if ((hr = validate_stage(dev, "CreateVertexShader", DXBC_PROGRAM_VERTEX, bytecode, size,
                             linkage, out != NULL, &info)) != S_OK)
        return hr;
    if (FAILED(hr = vertex_shader_create(dev, bytecode, size, &info, out))) {
        d3d11_msg(dev, "CreateVertexShader: out of memory");
        return hr;
    }
    return vertex_shader_classes(dev, "CreateVertexShader", linkage, out);
}

static HRESULT STDMETHODCALLTYPE device_CreatePixelShader(ID3D11Device2 *iface,
                                                          const void *bytecode, SIZE_T size,
                                                          ID3D11ClassLinkage *linkage,
                                                          ID3D11PixelShader **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    struct dxbc_shader_info info;
    HRESULT hr;

    if (out)
        *out = NULL;
    if ((hr = validate_stage(dev, "CreatePixelShader", DXBC_PROGRAM_PIXEL, bytecode, size,
                             linkage, out != NULL, &info)) != S_OK)
        return hr;
    if (FAILED(hr = pixel_shader_create(dev, bytecode, size, &info, out))) {
        d3d11_msg(dev, "CreatePixelShader: out of memory");
        return hr;
    }
    return pixel_shader_classes(dev, "CreatePixelShader", linkage, out);
}

/* ---- the stages 10Level9 does not have ------------------------------------------------------ */

static const struct stage_rule {
    const char *method;
    const char *what;              /* plural noun for the message */
    D3D_FEATURE_LEVEL min_level;   /* first level that has the stage */
    const char *why;               /* the source, ends the message */
} stage_rules[] = {
    /* seed 004: not supported at any 9_x level */
    {"CreateGeometryShader", "geometry shaders", D3D_FEATURE_LEVEL_10_0, "(seed 004)"},
    {"CreateGeometryShaderWithStreamOutput", "geometry shaders with stream output",
     D3D_FEATURE_LEVEL_10_0, "(seed 004)"},
    /* seed 004: not supported at any 9_x or 10_x level */
    {"CreateHullShader", "hull shaders", D3D_FEATURE_LEVEL_11_0, "(seed 004)"},
    {"CreateDomainShader", "domain shaders", D3D_FEATURE_LEVEL_11_0, "(seed 004)"},
    /* "Compute Shader Overview": cs_4_x on 10_x hardware that reports it
     * (D3D10_X_HARDWARE_OPTIONS, TRUE from 10_0: feature_support.c), cs_5_0 at 11_0 */
    {"CreateComputeShader", "compute shaders", D3D_FEATURE_LEVEL_10_0,
     "(cs_4_x on 10_x hardware with D3D10_X_HARDWARE_OPTIONS, cs_5_0 at 11_0)"},
    /* dynamic shader linkage is shader model 5 ("Interfaces and Classes") */
    {"CreateClassLinkage", "class linkages", D3D_FEATURE_LEVEL_11_0,
     "(dynamic shader linkage is shader model 5)"},
};

enum stage_index { STAGE_GS, STAGE_GS_SO, STAGE_HS, STAGE_DS, STAGE_CS, STAGE_CLASS_LINKAGE };

/* Refuses (or, above 9_3, reports unimplemented) a stage call; always sets *out to NULL. */
static HRESULT stage_call(ID3D11Device2 *iface, enum stage_index which, void **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    const struct stage_rule *r = &stage_rules[which];

    if (out)
        *out = NULL;
    if (dev->level < r->min_level) {
        d3d11_msg(dev, "%s: %s are not supported at feature level %s (they need %s) %s",
                  r->method, r->what, d3d11_level_name(dev->level),
                  d3d11_level_name(r->min_level), r->why);
        return E_INVALIDARG;
    }
    /* Legal at the level but not implemented yet (geometry shaders at 10_x, issue 11: README). */
    d3d11_msg(dev, "%s: %s are not implemented at feature level %s", r->method, r->what,
              d3d11_level_name(dev->level));
    return E_NOTIMPL;
}

/* What softd3d's geometry and tessellation stages do not run yet, refused at creation with
 * E_NOTIMPL (legal bytecode: README, the 10_0/10_1 and 11_0 tables): what the decoder refuses
 * as unsupported (streams past 0...).  A program the decoder finds invalid (its
 * validator: hull phase order, control-point counts, domain/primitive pairs...) is
 * E_INVALIDARG. */
static HRESULT program_supported(struct d3d11_device *dev, const char *method,
                                 const void *bytecode, SIZE_T size)
{
    struct ir_program ir;
    struct tpf_error err;
    int ret = tpf_decode_blob(bytecode, size, 0, &ir, &err);
    if (ret == TPF_E_NOMEM) {
        d3d11_msg(dev, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    if (ret) {
        d3d11_msg(dev, "%s: %s%s", method, err.message,
                  ret == TPF_E_UNSUPPORTED ? " (not implemented)" : "");
        return ret == TPF_E_UNSUPPORTED ? E_NOTIMPL : E_INVALIDARG;
    }
    ir_program_free(&ir);
    return S_OK;
}

/* Keeps the output-signature elements of `stream` (gs_5_0 with several streams, OSG5): the
 * rasterized stream's elements are what links to the pixel shader, each stream numbering its
 * registers from o0.  In place: the names stay in the one allocation. */
static void keep_stream(struct dxbc_signature *sig, UINT stream)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < sig->count; i++)
        if (sig->elements[i].stream == stream)
            sig->elements[n++] = sig->elements[i];
    sig->count = n;
}

static HRESULT STDMETHODCALLTYPE device_CreateGeometryShader(ID3D11Device2 *iface,
                                                             const void *bytecode, SIZE_T size,
                                                             ID3D11ClassLinkage *linkage,
                                                             ID3D11GeometryShader **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    struct dxbc_shader_info info;
    HRESULT hr;

    if (dev->level < D3D_FEATURE_LEVEL_10_0)
        return stage_call(iface, STAGE_GS, (void **)out);   /* seed 004: none at 9_x */
    if (out)
        *out = NULL;
    if ((hr = validate_stage(dev, "CreateGeometryShader", DXBC_PROGRAM_GEOMETRY, bytecode, size,
                             linkage, true, &info)) != S_OK)
        return hr;
    if ((hr = program_supported(dev, "CreateGeometryShader", bytecode, size)) != S_OK || !out) {
        dxbc_info_free(&info);
        return hr != S_OK ? hr : S_FALSE;
    }
    keep_stream(&info.output, 0);   /* without stream output stream 0 is rasterized */
    if (FAILED(hr = geometry_shader_create(dev, bytecode, size, &info, out))) {
        d3d11_msg(dev, "CreateGeometryShader: out of memory");
        return hr;
    }
    return geometry_shader_classes(dev, "CreateGeometryShader", linkage, out);
}

/* Stream output without a geometry program from a bare output-signature blob (the method's
 * reference page: "To create the stream output without using a geometry shader, pass a pointer
 * to the output signature for the prior stage.  To obtain this output signature, call the
 * D3DGetOutputSignatureBlob compiler function"): a DXBC container with an OSGN / OSG5 / OSG1
 * chunk and no program.  The object is the vertex-shader-only stream output below (vs_only),
 * its declaration resolved against that signature; a draw takes it with a prior stage whose
 * output signature is the same (context_draw.c).  `info` is the blob's, consumed. */
static HRESULT so_from_signature(struct d3d11_device *dev, const char *method,
                                 const void *bytecode, SIZE_T size, struct dxbc_shader_info *info,
                                 const D3D11_SO_DECLARATION_ENTRY *decl, UINT entries,
                                 const UINT *strides, UINT nstrides, UINT rasterized_stream,
                                 ID3D11ClassLinkage *linkage, ID3D11GeometryShader **out)
{
    char msg[D3D11_SHADER_MSG_SIZE];
    struct d3d11_so_layout *so;
    HRESULT hr;

    if (linkage && (dev->level < D3D_FEATURE_LEVEL_11_0 || !d3d11_class_linkage_of(dev, linkage))) {
        dxbc_info_free(info);
        d3d11_msg(dev, "%s: pClassLinkage is not a class linkage of this device (or the level "
                  "is below 11_0)", method);
        return E_INVALIDARG;
    }
    if (!info->output.present) {
        dxbc_info_free(info);
        d3d11_msg(dev, "%s: the bytecode has neither a program nor an output signature (OSGN, "
                  "OSG5 or OSG1 chunk)", method);
        return E_INVALIDARG;
    }
    if (!(so = malloc(sizeof(*so)))) {
        dxbc_info_free(info);
        d3d11_msg(dev, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    hr = d3d11_validate_so(dev->level, &info->output, decl, entries, strides, nstrides,
                           rasterized_stream, so, msg, sizeof(msg));
    if (FAILED(hr))
        d3d11_msg(dev, "%s", msg);
    if (hr != S_OK || !out) {
        free(so);
        dxbc_info_free(info);
        return hr != S_OK ? hr : S_FALSE;
    }
    so->vs_only = true;
    if (so->raster_stream != 0)   /* the prior stage writes stream 0 only (as below) */
        so->rasterize = false;
    if (FAILED(hr = geometry_shader_create(dev, bytecode, size, info, out))) {
        free(so);
        d3d11_msg(dev, "%s: out of memory", method);
        return hr;
    }
    geometry_shader_impl(*out)->code.so = so;
    return S_OK;
}

/* The bytecode is a geometry shader, or (stream output without one) the vertex shader -- at
 * 11_0 also the domain shader -- whose output signature the declaration names (the method's
 * reference page: "pass ... the compiled shader for the prior stage"), or that shader's bare
 * output signature (so_from_signature). */
static HRESULT STDMETHODCALLTYPE device_CreateGeometryShaderWithStreamOutput(
    ID3D11Device2 *iface, const void *bytecode, SIZE_T size,
    const D3D11_SO_DECLARATION_ENTRY *decl, UINT entries, const UINT *strides, UINT nstrides,
    UINT rasterized_stream, ID3D11ClassLinkage *linkage, ID3D11GeometryShader **out)
{
    static const char method[] = "CreateGeometryShaderWithStreamOutput";
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    struct dxbc_shader_info info;
    char msg[D3D11_SHADER_MSG_SIZE];
    HRESULT hr;

    if (dev->level < D3D_FEATURE_LEVEL_10_0)
        return stage_call(iface, STAGE_GS_SO, (void **)out);   /* seed 004 */
    if (out)
        *out = NULL;
    bool vs = false;   /* the prior stage's bytecode: no geometry program */
    enum dxbc_program_type prior = DXBC_PROGRAM_VERTEX;
    if (bytecode && dxbc_parse(bytecode, size, 0, &info, NULL) == 0) {
        bool signature_only = !info.has_program;
        vs = info.has_program && (info.program_type == DXBC_PROGRAM_VERTEX ||
                                  (info.program_type == DXBC_PROGRAM_DOMAIN &&
                                   dev->level >= D3D_FEATURE_LEVEL_11_0));
        if (vs)
            prior = info.program_type;
        if (signature_only)
            return so_from_signature(dev, method, bytecode, size, &info, decl, entries, strides,
                                     nstrides, rasterized_stream, linkage, out);
        dxbc_info_free(&info);
    }
    hr = d3d11_validate_shader(dev->level, method, vs ? prior : DXBC_PROGRAM_GEOMETRY,
                               bytecode, size, linkage != NULL, &info, msg, sizeof(msg));
    if (FAILED(hr)) {
        d3d11_msg(dev, "%s", msg);
        return hr;
    }
    if (linkage && !d3d11_class_linkage_of(dev, linkage)) {
        dxbc_info_free(&info);
        d3d11_msg(dev, "%s: pClassLinkage is not a class linkage of this device", method);
        return E_INVALIDARG;
    }
    struct d3d11_so_layout *so = malloc(sizeof(*so));
    if (!so) {
        dxbc_info_free(&info);
        d3d11_msg(dev, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    hr = d3d11_validate_so(dev->level, &info.output, decl, entries, strides, nstrides,
                           rasterized_stream, so, msg, sizeof(msg));
    if (FAILED(hr))
        d3d11_msg(dev, "%s", msg);
    else if (!vs)
        hr = program_supported(dev, method, bytecode, size);
    if (hr != S_OK || !out) {
        free(so);
        dxbc_info_free(&info);
        return hr != S_OK ? hr : S_FALSE;
    }
    so->vs_only = vs;
    if (vs && so->raster_stream != 0)   /* the prior stage writes stream 0 only: streams
                                         * 1..3 are empty, nothing is rasterized */
        so->rasterize = false;
    if (!vs)   /* the SO entries are resolved: what links on is the rasterized stream's */
        keep_stream(&info.output, so->rasterize ? so->raster_stream : 0);
    if (FAILED(hr = geometry_shader_create(dev, bytecode, size, &info, out))) {
        free(so);
        d3d11_msg(dev, "%s: out of memory", method);
        return hr;
    }
    geometry_shader_impl(*out)->code.so = so;
    return geometry_shader_classes(dev, method, linkage, out);
}

/* CreateHullShader / CreateDomainShader (11_0): hs_5_0 / ds_5_0 bytecode (validate_stage:
 * the stage and shader model 5.0), decoded once so that what the tessellation stages cannot
 * run is refused here (program_supported).  pClassLinkage: a class linkage of this device,
 * or NULL (validate_stage). */
static HRESULT tess_stage_create(ID3D11Device2 *iface, enum stage_index which,
                                 enum dxbc_program_type type, const void *bytecode, SIZE_T size,
                                 ID3D11ClassLinkage *linkage, void **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    const char *method = stage_rules[which].method;
    struct dxbc_shader_info info;
    HRESULT hr;

    if (dev->level < D3D_FEATURE_LEVEL_11_0)
        return stage_call(iface, which, out);   /* seed 004: none at 9_x or 10_x */
    if (out)
        *out = NULL;
    if ((hr = validate_stage(dev, method, type, bytecode, size, linkage, true, &info)) != S_OK)
        return hr;
    if ((hr = program_supported(dev, method, bytecode, size)) != S_OK || !out) {
        dxbc_info_free(&info);
        return hr != S_OK ? hr : S_FALSE;
    }
    hr = type == DXBC_PROGRAM_HULL
             ? hull_shader_create(dev, bytecode, size, &info, (ID3D11HullShader **)out)
             : domain_shader_create(dev, bytecode, size, &info, (ID3D11DomainShader **)out);
    if (FAILED(hr)) {
        d3d11_msg(dev, "%s: out of memory", method);
        return hr;
    }
    return type == DXBC_PROGRAM_HULL
               ? hull_shader_classes(dev, method, linkage, (ID3D11HullShader **)out)
               : domain_shader_classes(dev, method, linkage, (ID3D11DomainShader **)out);
}

static HRESULT STDMETHODCALLTYPE device_CreateHullShader(ID3D11Device2 *iface, const void *bytecode,
                                                         SIZE_T size, ID3D11ClassLinkage *linkage,
                                                         ID3D11HullShader **out)
{
    return tess_stage_create(iface, STAGE_HS, DXBC_PROGRAM_HULL, bytecode, size, linkage,
                             (void **)out);
}

static HRESULT STDMETHODCALLTYPE device_CreateDomainShader(ID3D11Device2 *iface,
                                                           const void *bytecode, SIZE_T size,
                                                           ID3D11ClassLinkage *linkage,
                                                           ID3D11DomainShader **out)
{
    return tess_stage_create(iface, STAGE_DS, DXBC_PROGRAM_DOMAIN, bytecode, size, linkage,
                             (void **)out);
}

/* CreateComputeShader (issue 15): cs_5_0 bytecode at 11_0+, and cs_4_0 (10_0+) / cs_4_1
 * (10_1+), which 11_0 hardware runs too ("D3D11 Hardware must report" the 10_x option, D3D11.3
 * 18.7.3.1; the "Compute Shader Overview": downlevel compute shaders are a subset of cs_5_0),
 * decoded once so that what the VM cannot run is refused here (program_supported): the
 * decoder applies cs_4_x's rules (one raw/structured u0, 768 threads, per-thread g# writes:
 * src/shader/ir_compute.c) at every level.  Below 10_0 the stage is refused. */
static HRESULT STDMETHODCALLTYPE device_CreateComputeShader(ID3D11Device2 *iface,
                                                            const void *bytecode, SIZE_T size,
                                                            ID3D11ClassLinkage *linkage,
                                                            ID3D11ComputeShader **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    const char *method = "CreateComputeShader";
    struct dxbc_shader_info info;
    HRESULT hr;

    if (dev->level < D3D_FEATURE_LEVEL_10_0)
        return stage_call(iface, STAGE_CS, (void **)out);
    if (out)
        *out = NULL;
    if ((hr = validate_stage(dev, method, DXBC_PROGRAM_COMPUTE, bytecode, size, linkage, true,
                             &info)) != S_OK)
        return hr;
    if ((hr = program_supported(dev, method, bytecode, size)) != S_OK || !out) {
        dxbc_info_free(&info);
        return hr != S_OK ? hr : S_FALSE;
    }
    if (FAILED(hr = compute_shader_create(dev, bytecode, size, &info, out))) {
        d3d11_msg(dev, "%s: out of memory", method);
        return hr;
    }
    return compute_shader_classes(dev, method, linkage, out);
}

/* CreateClassLinkage: from 11_0 (below, stage_call refuses: dynamic linkage is shader model
 * 5); a NULL ppLinkage is E_INVALIDARG (the method's only out-pointer; softd3d's decision,
 * as the reference page documents no validate-only form). */
static HRESULT STDMETHODCALLTYPE device_CreateClassLinkage(ID3D11Device2 *iface,
                                                           ID3D11ClassLinkage **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    HRESULT hr;
    if (dev->level < D3D_FEATURE_LEVEL_11_0)
        return stage_call(iface, STAGE_CLASS_LINKAGE, (void **)out);
    if (!out) {
        d3d11_msg(dev, "CreateClassLinkage: ppLinkage is NULL");
        return E_INVALIDARG;
    }
    *out = NULL;
    if (FAILED(hr = d3d11_class_linkage_create(dev, out)))
        d3d11_msg(dev, "CreateClassLinkage: out of memory");
    return hr;
}

void d3d11_shader_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    v->CreateVertexShader = device_CreateVertexShader;
    v->CreatePixelShader = device_CreatePixelShader;
    v->CreateGeometryShader = device_CreateGeometryShader;
    v->CreateGeometryShaderWithStreamOutput = device_CreateGeometryShaderWithStreamOutput;
    v->CreateHullShader = device_CreateHullShader;
    v->CreateDomainShader = device_CreateDomainShader;
    v->CreateComputeShader = device_CreateComputeShader;
    v->CreateClassLinkage = device_CreateClassLinkage;
    d3d11_input_layout_fill_device_vtbl(v);
}
