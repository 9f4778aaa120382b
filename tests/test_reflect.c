/* tests/test_reflect.c — D3DReflect (ID3D11ShaderReflection and its constant-buffer, variable and
 * type objects) on the SM4/SM5 corpus and on hand-built containers.
 *
 * The corpus test: every listing in tests/shaders/sm4/ is assembled, reflected, and what the
 * reflection interfaces report is printed back as fxc's comment blocks ("Buffer Definitions",
 * "Resource Bindings", "Input signature", "Output signature") by the listing printer the
 * disassembler uses.  Each block must equal the listing's own block, character for character
 * (fxc's text: the expectation), or, for a listing without that block (its RDEF or signature
 * derived from the declarations by the assembler), the disassembler's reading of the chunk.
 * So every signature element, variable (offset, size, type, class, rows, columns, elements,
 * used flag) and binding the chunks hold is checked, through the public API only.  The
 * program version, the minimum feature level and the instruction count (the listing's
 * "Approximately N instruction slots used") are checked too.
 *
 * The hand-built containers give what the assembler never writes: structs with members, SM5
 * type names, default values, STAT and SFI0 chunks, compute and class-linkage declarations,
 * and hostile RDEF contents.
 */
#define COBJMACROS
#include "d3dcompiler.h"
#include "d3d11.h"

#include "harness.h"
#include "shader/dxbc.h"
#include "shader/shader_asm.h"
#include "shader/tpf_listing.h"
#include "util/log.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#ifndef SOFTD3D_SOURCE_DIR
#error "SOFTD3D_SOURCE_DIR must be defined (tests/meson.build passes the source root)"
#endif
#define SM4_DIR SOFTD3D_SOURCE_DIR "/tests/shaders/sm4"

/* ---- helpers ------------------------------------------------------------------------------- */

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    long n;
    if (!fseek(f, 0, SEEK_END) && (n = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET) &&
        (buf = malloc((size_t)n + 1))) {
        if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        } else {
            buf[n] = '\0';
            *len = (size_t)n;
        }
    }
    fclose(f);
    return buf;
}

static void *assemble_text(const char *name, const char *text, size_t len, size_t *size)
{
    void *blob = NULL;
    char err[256];
    if (shader_assemble(text, len, &blob, size, err, sizeof(err)))
        harness_fail(__FILE__, __LINE__, "%s: %s", name, err);
    return blob;
}

static ID3D11ShaderReflection *reflect(const void *blob, size_t size)
{
    ID3D11ShaderReflection *r = NULL;
    HRESULT hr = D3DReflect(blob, size, &IID_ID3D11ShaderReflection, (void **)&r);
    if (FAILED(hr))
        harness_fail(__FILE__, __LINE__, "D3DReflect failed: 0x%08x", (unsigned)hr);
    return r;
}

/* The listing's model, filled through the reflection interfaces only. */
static void listing_from_reflection(ID3D11ShaderReflection *r, struct tpf_listing *l)
{
    D3D11_SHADER_DESC d;
    memset(l, 0, sizeof(*l));
    CHECK_HR(ID3D11ShaderReflection_GetDesc(r, &d), S_OK);
    snprintf(l->creator, sizeof(l->creator), "%s", d.Creator ? d.Creator : "");
    for (UINT i = 0; i < d.ConstantBuffers && i < TPF_MAX_CBUFFERS; i++) {
        ID3D11ShaderReflectionConstantBuffer *cb =
            ID3D11ShaderReflection_GetConstantBufferByIndex(r, i);
        D3D11_SHADER_BUFFER_DESC bd;
        CHECK_HR(ID3D11ShaderReflectionConstantBuffer_GetDesc(cb, &bd), S_OK);
        struct tpf_cbuffer *c = &l->cbuffers[l->cbuffer_count++];
        snprintf(c->name, sizeof(c->name), "%s", bd.Name);
        c->type = bd.Type;
        c->size = bd.Size;
        c->first = l->variable_count;
        c->count = bd.Variables;
        CHECK(ID3D11ShaderReflection_GetConstantBufferByName(r, bd.Name) == cb);
        for (UINT k = 0; k < bd.Variables && l->variable_count < TPF_MAX_VARIABLES; k++) {
            ID3D11ShaderReflectionVariable *v =
                ID3D11ShaderReflectionConstantBuffer_GetVariableByIndex(cb, k);
            D3D11_SHADER_VARIABLE_DESC vd;
            D3D11_SHADER_TYPE_DESC td;
            CHECK_HR(ID3D11ShaderReflectionVariable_GetDesc(v, &vd), S_OK);
            CHECK_HR(ID3D11ShaderReflectionType_GetDesc(ID3D11ShaderReflectionVariable_GetType(v),
                                                        &td), S_OK);
            CHECK(ID3D11ShaderReflectionVariable_GetBuffer(v) == cb);
            CHECK(ID3D11ShaderReflectionConstantBuffer_GetVariableByName(cb, vd.Name) == v);
            CHECK(vd.DefaultValue == NULL); /* the assembler writes none */
            CHECK_EQ(td.Offset, 0);
            struct tpf_variable *tv = &l->variables[l->variable_count++];
            snprintf(tv->name, sizeof(tv->name), "%s", vd.Name);
            tv->offset = vd.StartOffset;
            tv->size = vd.Size;
            tv->flags = vd.uFlags;
            tv->class_ = (uint16_t)td.Class;
            tv->type = (uint16_t)td.Type;
            tv->rows = (uint16_t)td.Rows;
            tv->columns = (uint16_t)td.Columns;
            tv->elements = (uint16_t)td.Elements;
        }
    }
    for (UINT i = 0; i < d.BoundResources && i < TPF_MAX_BINDINGS; i++) {
        D3D11_SHADER_INPUT_BIND_DESC b, by_name;
        CHECK_HR(ID3D11ShaderReflection_GetResourceBindingDesc(r, i, &b), S_OK);
        CHECK_HR(ID3D11ShaderReflection_GetResourceBindingDescByName(r, b.Name, &by_name), S_OK);
        CHECK(!strcmp(by_name.Name, b.Name) && by_name.BindPoint == b.BindPoint);
        struct tpf_binding *t = &l->bindings[l->binding_count++];
        snprintf(t->name, sizeof(t->name), "%s", b.Name);
        t->type = b.Type;
        t->return_type = b.ReturnType;
        t->dimension = b.Dimension;
        t->samples = b.NumSamples;
        t->point = b.BindPoint;
        t->count = b.BindCount;
        t->flags = b.uFlags;
    }
    struct { struct tpf_signature *s; UINT n; bool input; } sigs[2] = {
        {&l->input, d.InputParameters, true}, {&l->output, d.OutputParameters, false}};
    for (int s = 0; s < 2; s++)
        for (UINT i = 0; i < sigs[s].n && i < TPF_MAX_SIG; i++) {
            D3D11_SIGNATURE_PARAMETER_DESC p;
            HRESULT hr = sigs[s].input ? ID3D11ShaderReflection_GetInputParameterDesc(r, i, &p)
                                       : ID3D11ShaderReflection_GetOutputParameterDesc(r, i, &p);
            CHECK_HR(hr, S_OK);
            CHECK_EQ(p.Stream, 0);
            CHECK_EQ(p.MinPrecision, D3D_MIN_PRECISION_DEFAULT);
            struct tpf_sig_element *e = &sigs[s].s->items[sigs[s].s->count++];
            snprintf(e->name, sizeof(e->name), "%s", p.SemanticName);
            e->index = p.SemanticIndex;
            e->sysval = p.SystemValueType;
            e->type = p.ComponentType;
            e->reg = p.Register;
            e->mask = p.Mask;
            e->rw = p.ReadWriteMask;
        }
}

/* The lines of block `header` ("Input signature" ...) of a listing's comments, up to the next
 * block header or the program, trailing blanks and "//"-only lines trimmed; NULL when absent. */
static char *block_of(const char *text, const char *header)
{
    static const char *const headers[] = {"// Buffer Definitions:", "// Resource Bindings:",
                                          "// Input signature:", "// Output signature:",
                                          "// Sampler/Resource to DX9", "// Level9 shader",
                                          "// Constant buffer to DX9", "// Runtime generated"};
    char want[64];
    snprintf(want, sizeof(want), "// %s:", header);
    const char *p = text;
    while (p && strncmp(p, want, strlen(want))) {
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    if (!p)
        return NULL;
    char *out = malloc(strlen(p) + 1);
    size_t n = 0, keep = 0;
    for (bool first = true; *p; first = false) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (strncmp(p, "//", 2))
            break;
        bool next_block = false;
        for (size_t h = 0; h < sizeof(headers) / sizeof(headers[0]); h++)
            if (!first && !strncmp(p, headers[h], strlen(headers[h])))
                next_block = true;
        if (next_block)
            break;
        while (len && p[len - 1] == ' ')
            len--;
        memcpy(out + n, p, len);
        n += len;
        out[n++] = '\n';
        if (len > 2)
            keep = n;
        p += (nl ? (size_t)(nl - p) + 1 : strlen(p));
    }
    out[keep] = '\0';
    return out;
}

/* The first SM4 version statement of a listing (at the start of a line): "vs_4_0" ... */
static bool listing_version(const char *text, char *type, unsigned *major, unsigned *minor,
                            bool *level9)
{
    for (const char *p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        if ((p[0] == 'v' || p[0] == 'p' || p[0] == 'g' || p[0] == 'h' || p[0] == 'd' ||
             p[0] == 'c') && p[1] == 's' && p[2] == '_' &&
            p[3] >= '4' &&
            p[3] <= '5' && p[4] == '_') {
            *type = p[0];
            *major = (unsigned)(p[3] - '0');
            *minor = (unsigned)(p[5] - '0');
            *level9 = !strncmp(p + 6, "_level_9_", 9);
            return true;
        }
    return false;
}

/* The SM4 footer's count ("// Approximately N instruction slots used", capital A; the
 * level-9 program's own line starts with a small a). */
static int listing_instruction_count(const char *text)
{
    const char *p = strstr(text, "// Approximately ");
    unsigned n;
    return p && sscanf(p, "// Approximately %u instruction slots used", &n) == 1 ? (int)n : -1;
}

/* ---- the corpus ------------------------------------------------------------------------------- */

static const char *const block_names[] = {"Buffer Definitions", "Resource Bindings",
                                          "Input signature", "Output signature"};

static void check_corpus_shader(const char *name, const char *text, size_t len)
{
    size_t size;
    void *blob = assemble_text(name, text, len, &size);
    if (!blob)
        return;
    ID3D11ShaderReflection *r = reflect(blob, size);
    char *dis = NULL, err[256];
    if (shader_disassemble(blob, size, &dis, NULL, 0, err, sizeof(err)))
        harness_fail(__FILE__, __LINE__, "%s: disassembly: %s", name, err);
    if (!r || !dis) {
        free(dis);
        free(blob);
        return;
    }
    struct tpf_listing *l = calloc(1, sizeof(*l));
    char type = 0;
    unsigned major = 0, minor = 0;
    bool level9 = false;
    CHECK(listing_version(text, &type, &major, &minor, &level9));
    listing_from_reflection(r, l);
    struct tpf_out o = {0};
    tpf_header_print(&o, l, type == 'p');
    for (size_t b = 0; b < sizeof(block_names) / sizeof(block_names[0]); b++) {
        char *got = block_of(o.buf, block_names[b]);
        char *want = block_of(text, block_names[b]);
        /* fxc before 9.x printed bindings as "Slot Elements" (vs_4_0_old_bindings); the
         * printer writes today's columns, so that listing's table is checked through the
         * disassembler's reading of the chunk. */
        if (want && strstr(want, "Slot Elements")) {
            free(want);
            want = NULL;
        }
        if (!want)
            want = block_of(dis, block_names[b]);
        if (!got != !want || (got && strcmp(got, want)))
            harness_fail(__FILE__, __LINE__, "%s: block \"%s\" reflected as\n%s\nexpected\n%s",
                         name, block_names[b], got ? got : "(none)", want ? want : "(none)");
        free(got);
        free(want);
    }

    D3D11_SHADER_DESC d;
    CHECK_HR(ID3D11ShaderReflection_GetDesc(r, &d), S_OK);
    if (D3D11_SHVER_GET_TYPE(d.Version) != (type == 'p' ? D3D11_SHVER_PIXEL_SHADER :
                                            type == 'g' ? D3D11_SHVER_GEOMETRY_SHADER :
                                            type == 'h' ? D3D11_SHVER_HULL_SHADER :
                                            type == 'd' ? D3D11_SHVER_DOMAIN_SHADER :
                                            type == 'c' ? D3D11_SHVER_COMPUTE_SHADER :
                                                          D3D11_SHVER_VERTEX_SHADER) ||
        D3D11_SHVER_GET_MAJOR(d.Version) != major || D3D11_SHVER_GET_MINOR(d.Version) != minor)
        harness_fail(__FILE__, __LINE__, "%s: version 0x%x", name, (unsigned)d.Version);
    /* fxc's footer where fxc wrote the listing; the hand-written ones' footers are not
     * authoritative, the disassembler's count is.  Nor is the footer of a listing with a
     * loop: vs_4_0_level_9_3_loop's says 9 for its 10 instructions (loop and endloop
     * included), and how fxc counts a loop is not documented. */
    bool fxc = strstr(text, "// Generated by Microsoft") != NULL && !strstr(text, "\nloop");
    int want_count = fxc ? listing_instruction_count(text) : -1;
    if (want_count < 0)
        want_count = listing_instruction_count(dis);
    if ((int)d.InstructionCount != want_count)
        harness_fail(__FILE__, __LINE__, "%s: %u instructions, the listing says %d", name,
                     (unsigned)d.InstructionCount, want_count);
    D3D_FEATURE_LEVEL fl;
    CHECK_HR(ID3D11ShaderReflection_GetMinFeatureLevel(r, &fl), S_OK);
    D3D_FEATURE_LEVEL want_fl = major == 5 ? D3D_FEATURE_LEVEL_11_0 :
                                minor == 1 ? D3D_FEATURE_LEVEL_10_1 : D3D_FEATURE_LEVEL_10_0;
    /* A level-9 listing (a ps_4_0 version statement may head one, as fxc writes it): 9_3 for
     * a vs_2_x / ps_2_x program, else 9_1. */
    level9 = level9 || strstr(text, "// Level9 shader bytecode:");
    if (level9)
        want_fl = strstr(text, "_level_9_3") || strstr(text, "s_2_x") ? D3D_FEATURE_LEVEL_9_3
                                                                     : D3D_FEATURE_LEVEL_9_1;
    if (fl != want_fl)
        harness_fail(__FILE__, __LINE__, "%s: minimum feature level 0x%x, expected 0x%x", name,
                     (unsigned)fl, (unsigned)want_fl);
    /* No STAT/SFI0 in assembled blobs; class linkage only in the interface listing (one
     * slot); compute listings answer their dcl_thread_group */
    UINT x = 1, y = 1, z = 1;
    if (type == 'c') {
        const char *g = strstr(text, "dcl_thread_group ");
        unsigned tx = 0, ty = 0, tz = 0;
        CHECK(g && sscanf(g, "dcl_thread_group %u, %u, %u", &tx, &ty, &tz) == 3);
        CHECK_EQ(ID3D11ShaderReflection_GetThreadGroupSize(r, &x, &y, &z), tx * ty * tz);
        CHECK(x == tx && y == ty && z == tz);
    } else {
        CHECK_EQ(ID3D11ShaderReflection_GetThreadGroupSize(r, &x, &y, &z), 0);
        CHECK(x == 0 && y == 0 && z == 0);
    }
    CHECK_EQ(ID3D11ShaderReflection_GetNumInterfaceSlots(r),
             strstr(text, "dcl_interface fp0[1]") ? 1u : 0u);
    CHECK_EQ(ID3D11ShaderReflection_GetRequiresFlags(r), 0);
    /* a geometry shader's dcl_inputprimitive (D3D_PRIMITIVE equals D3D10_SB_PRIMITIVE) */
    D3D_PRIMITIVE want_prim = D3D_PRIMITIVE_UNDEFINED;
    if (type == 'g')
        want_prim = strstr(text, "inputprimitive point") ? D3D_PRIMITIVE_POINT :
                    strstr(text, "inputprimitive lineadj") ? D3D_PRIMITIVE_LINE_ADJ :
                    strstr(text, "inputprimitive line") ? D3D_PRIMITIVE_LINE :
                    strstr(text, "inputprimitive triangleadj") ? D3D_PRIMITIVE_TRIANGLE_ADJ :
                                                                D3D_PRIMITIVE_TRIANGLE;
    CHECK_EQ(ID3D11ShaderReflection_GetGSInputPrimitive(r), want_prim);
    BOOL per_sample = ID3D11ShaderReflection_IsSampleFrequencyShader(r);
    if (per_sample != !!strstr(name, "sample_frequency"))
        harness_fail(__FILE__, __LINE__, "%s: IsSampleFrequencyShader %d", name, per_sample);
    CHECK_EQ(ID3D11ShaderReflection_Release(r), 0);
    free(o.buf);
    free(l);
    free(dis);
    free(blob);
}

TEST(reflect_corpus_sm4)
{
    DIR *dir = opendir(SM4_DIR);
    if (!dir) {
        CHECK(!"no corpus in " SM4_DIR);
        return;
    }
    unsigned files = 0, with_tables = 0, from_fxc = 0;
    struct dirent *e;
    while ((e = readdir(dir))) {
        size_t n = strlen(e->d_name), len;
        if (n < 5 || strcmp(e->d_name + n - 4, ".asm"))
            continue;
        char path[512];
        snprintf(path, sizeof(path), "%s/%s", SM4_DIR, e->d_name);
        char *text = slurp(path, &len);
        if (!text) {
            harness_fail(__FILE__, __LINE__, "cannot read %s", path);
            continue;
        }
        files++;
        with_tables += strstr(text, "// Input signature:") != NULL;
        from_fxc += strstr(text, "// Generated by Microsoft") != NULL;
        check_corpus_shader(e->d_name, text, len);
        free(text);
    }
    closedir(dir);
    CHECK(files >= 90);
    /* the listings whose own tables are the expectation, and those fxc wrote */
    CHECK(with_tables >= 8);
    CHECK(from_fxc >= 20);
}

/* vs_4_0_buffer_definitions: the values themselves, as its listing prints them. */
TEST(reflect_buffer_definitions_values)
{
    size_t len, size;
    char *text = slurp(SM4_DIR "/vs_4_0_buffer_definitions.asm", &len);
    CHECK(text != NULL);
    if (!text)
        return;
    void *blob = assemble_text("vs_4_0_buffer_definitions", text, len, &size);
    ID3D11ShaderReflection *r = blob ? reflect(blob, size) : NULL;
    if (r) {
        D3D11_SHADER_DESC d;
        CHECK_HR(ID3D11ShaderReflection_GetDesc(r, &d), S_OK);
        CHECK_EQ(d.Version, 0x10040);
        CHECK(!strcmp(d.Creator, "Microsoft (R) HLSL Shader Compiler 10.1"));
        CHECK_EQ(d.ConstantBuffers, 2);
        CHECK_EQ(d.BoundResources, 2);
        CHECK_EQ(d.InputParameters, 1);
        CHECK_EQ(d.OutputParameters, 2);
        CHECK_EQ(d.TempRegisterCount, 1);
        CHECK_EQ(d.InstructionCount, 9);
        CHECK_EQ(ID3D11ShaderReflection_GetMovInstructionCount(r), 2);
        CHECK_EQ(ID3D11ShaderReflection_GetConversionInstructionCount(r), 1);
        CHECK_EQ(ID3D11ShaderReflection_GetMovcInstructionCount(r), 0);
        CHECK_EQ(ID3D11ShaderReflection_GetBitwiseInstructionCount(r), 0);

        ID3D11ShaderReflectionVariable *bones =
            ID3D11ShaderReflection_GetVariableByName(r, "bones");
        D3D11_SHADER_VARIABLE_DESC vd;
        D3D11_SHADER_TYPE_DESC td;
        CHECK_HR(ID3D11ShaderReflectionVariable_GetDesc(bones, &vd), S_OK);
        CHECK(vd.StartOffset == 64 && vd.Size == 96 && !(vd.uFlags & D3D_SVF_USED));
        CHECK(vd.StartTexture == 0xffffffffu && vd.TextureSize == 0);
        CHECK_HR(ID3D11ShaderReflectionType_GetDesc(ID3D11ShaderReflectionVariable_GetType(bones),
                                                    &td), S_OK);
        CHECK(td.Class == D3D_SVC_MATRIX_ROWS && td.Type == D3D_SVT_FLOAT && td.Rows == 3 &&
              td.Columns == 4 && td.Elements == 2 && td.Members == 0 && td.Name == NULL);

        ID3D11ShaderReflectionConstantBuffer *flags =
            ID3D11ShaderReflection_GetConstantBufferByName(r, "Flags");
        D3D11_SHADER_BUFFER_DESC bd;
        CHECK_HR(ID3D11ShaderReflectionConstantBuffer_GetDesc(flags, &bd), S_OK);
        CHECK(bd.Type == D3D_CT_CBUFFER && bd.Variables == 4 && bd.Size == 80);
        ID3D11ShaderReflectionVariable *mode =
            ID3D11ShaderReflectionConstantBuffer_GetVariableByName(flags, "mode");
        CHECK_HR(ID3D11ShaderReflectionVariable_GetDesc(mode, &vd), S_OK);
        CHECK(vd.StartOffset == 16 && vd.Size == 4 && (vd.uFlags & D3D_SVF_USED));
        CHECK_HR(ID3D11ShaderReflectionType_GetDesc(ID3D11ShaderReflectionVariable_GetType(mode),
                                                    &td), S_OK);
        CHECK(td.Class == D3D_SVC_SCALAR && td.Type == D3D_SVT_UINT);
        /* A variable of the other buffer is not found through this one. */
        CHECK(ID3D11ShaderReflectionConstantBuffer_GetVariableByName(flags, "scale") !=
              ID3D11ShaderReflection_GetVariableByName(r, "scale"));

        D3D11_SHADER_INPUT_BIND_DESC b;
        CHECK_HR(ID3D11ShaderReflection_GetResourceBindingDescByName(r, "Flags", &b), S_OK);
        CHECK(b.Type == D3D_SIT_CBUFFER && b.BindPoint == 2 && b.BindCount == 1);
        D3D11_SIGNATURE_PARAMETER_DESC p;
        CHECK_HR(ID3D11ShaderReflection_GetOutputParameterDesc(r, 0, &p), S_OK);
        CHECK(!strcmp(p.SemanticName, "SV_Position") && p.SystemValueType == D3D_NAME_POSITION &&
              p.ComponentType == D3D_REGISTER_COMPONENT_FLOAT32 && p.Mask == 0xf &&
              p.Register == 0);
        CHECK_EQ(ID3D11ShaderReflection_Release(r), 0);
    }
    free(blob);
    free(text);
}

/* ---- hand-built containers ------------------------------------------------------------------ */

struct wr {
    uint8_t b[2048];
    size_t n;
};

static void w32(struct wr *w, uint32_t v)
{
    memcpy(w->b + w->n, &v, 4);
    w->n += 4;
}

static void w16(struct wr *w, uint16_t v)
{
    memcpy(w->b + w->n, &v, 2);
    w->n += 2;
}

/* A signed container of the chunks (tag, data, size); returns its size. */
static size_t container(uint8_t *out, const uint32_t *tags, const struct wr *const *chunks,
                        unsigned n)
{
    size_t at = 32 + 4 * (size_t)n;
    memset(out, 0, at);
    memcpy(out, "DXBC", 4);
    for (unsigned i = 0; i < n; i++) {
        uint32_t off = (uint32_t)at, size = (uint32_t)chunks[i]->n;
        memcpy(out + 32 + 4 * i, &off, 4);
        memcpy(out + at, &tags[i], 4);
        memcpy(out + at + 4, &size, 4);
        memcpy(out + at + 8, chunks[i]->b, size);
        at += 8 + size;
    }
    uint32_t one = 1, total = (uint32_t)at, count = n;
    memcpy(out + 0x14, &one, 4);
    memcpy(out + 0x18, &total, 4);
    memcpy(out + 0x1c, &count, 4);
    dxbc_sign(out, at);
    return at;
}

/* An SM5 RDEF: cbuffer "Scene" (48 bytes, bound at cb3) with
 *   struct Light { float4 color; float intensity; } light;   // offset 0, size 32, used
 *   float gain;                                              // offset 32, size 4
 * with default values; `cycle` makes Light's second member of type Light (hostile). */
static const float light_default[8] = {1.0f, 0.5f, 0.25f, 1.0f, 2.0f, 0, 0, 0};
static const float gain_default = 0.75f;

static void build_rdef(struct wr *w, bool cycle, uint32_t member_table)
{
    enum { CB = 60, BIND = 84, VARS = 116, T_STRUCT = 196, T_VEC = 232, T_SCALAR = 268,
           MEMBERS = 304, DEFAULTS = 328, STRINGS = 364 };
    static const char strings[] = "softd3d test\0Scene\0light\0gain\0Light\0float4\0float\0"
                                  "color\0intensity";
    enum { S_CREATOR = STRINGS, S_SCENE = S_CREATOR + 13, S_LIGHT = S_SCENE + 6,
           S_GAIN = S_LIGHT + 6, S_LIGHT_T = S_GAIN + 5, S_FLOAT4 = S_LIGHT_T + 6,
           S_FLOAT = S_FLOAT4 + 7, S_COLOR = S_FLOAT + 6, S_INTENSITY = S_COLOR + 6 };
    w->n = 0;
    w32(w, 1); w32(w, CB); w32(w, 1); w32(w, BIND);
    w32(w, 0xffff0500u); w32(w, 0x8100u); w32(w, S_CREATOR);
    w32(w, DXBC_FOURCC('R', 'D', '1', '1'));
    w32(w, 60); w32(w, 24); w32(w, 32); w32(w, 40); w32(w, 36); w32(w, 12); w32(w, 0);
    /* cbuffer */
    w32(w, S_SCENE); w32(w, 2); w32(w, VARS); w32(w, 48); w32(w, 0); w32(w, D3D_CT_CBUFFER);
    /* binding */
    w32(w, S_SCENE); w32(w, D3D_SIT_CBUFFER); w32(w, 0); w32(w, 0); w32(w, 0); w32(w, 3);
    w32(w, 1); w32(w, 0);
    /* variables */
    w32(w, S_LIGHT); w32(w, 0); w32(w, 32); w32(w, D3D_SVF_USED); w32(w, T_STRUCT);
    w32(w, DEFAULTS); w32(w, 0xffffffffu); w32(w, 0); w32(w, 0xffffffffu); w32(w, 0);
    w32(w, S_GAIN); w32(w, 32); w32(w, 4); w32(w, 0); w32(w, T_SCALAR);
    w32(w, DEFAULTS + 32); w32(w, 0xffffffffu); w32(w, 0); w32(w, 0xffffffffu); w32(w, 0);
    /* types */
    const struct { uint16_t c, t, rows, cols, members; uint32_t table, name; } types[3] = {
        {D3D_SVC_STRUCT, D3D_SVT_VOID, 1, 5, 2, member_table ? member_table : MEMBERS, S_LIGHT_T},
        {D3D_SVC_VECTOR, D3D_SVT_FLOAT, 1, 4, 0, 0, S_FLOAT4},
        {D3D_SVC_SCALAR, D3D_SVT_FLOAT, 1, 1, 0, 0, S_FLOAT}};
    for (int i = 0; i < 3; i++) {
        w16(w, types[i].c); w16(w, types[i].t); w16(w, types[i].rows); w16(w, types[i].cols);
        w16(w, 0); w16(w, types[i].members); w32(w, types[i].table);
        w32(w, 0); w32(w, 0); w32(w, 0); w32(w, 0); w32(w, types[i].name);
    }
    /* members */
    w32(w, S_COLOR); w32(w, T_VEC); w32(w, 0);
    w32(w, S_INTENSITY); w32(w, cycle ? T_STRUCT : T_SCALAR); w32(w, 16);
    memcpy(w->b + w->n, light_default, sizeof(light_default));
    w->n += sizeof(light_default);
    memcpy(w->b + w->n, &gain_default, 4);
    w->n += 4;
    memcpy(w->b + w->n, strings, sizeof(strings));
    w->n += sizeof(strings);
    while (w->n % 4)
        w->b[w->n++] = 0;
}

/* A ps_5_0 SHEX holding `ret`, or a cs_5_0 one with dcl_thread_group 8 4 2 and a dcl_interface
 * of array length 3 at fp2. */
static void build_program(struct wr *w, bool compute)
{
    w->n = 0;
    w32(w, compute ? 0x00050050u : 0x00000050u);
    w32(w, compute ? 12 : 3);
    if (compute) {
        w32(w, 0x0400009bu); w32(w, 8); w32(w, 4); w32(w, 2);
        w32(w, 0x05000092u); w32(w, 2); w32(w, 1); w32(w, 3u << 16 | 1); w32(w, 0);
    }
    w32(w, 0x0100003eu);
}

TEST(reflect_struct_members_defaults_stat)
{
    static struct wr rdef, shex, stat, sfi0;
    static uint8_t blob[4096];
    build_rdef(&rdef, false, 0);
    build_program(&shex, false);
    stat.n = 0;
    for (uint32_t k = 0; k < 37; k++)
        w32(&stat, 100 + k);
    sfi0.n = 0;
    w32(&sfi0, D3D_SHADER_REQUIRES_EARLY_DEPTH_STENCIL | D3D_SHADER_REQUIRES_TILED_RESOURCES);
    w32(&sfi0, 0);
    const uint32_t tags[] = {DXBC_TAG_RDEF, DXBC_TAG_SHEX, DXBC_TAG_STAT, DXBC_TAG_SFI0};
    const struct wr *chunks[] = {&rdef, &shex, &stat, &sfi0};
    size_t size = container(blob, tags, chunks, 4);
    ID3D11ShaderReflection *r = reflect(blob, size);
    if (!r)
        return;
    D3D11_SHADER_DESC d;
    CHECK_HR(ID3D11ShaderReflection_GetDesc(r, &d), S_OK);
    CHECK_EQ(d.Version, 0x50);
    CHECK_EQ(d.Flags, 0x8100);
    CHECK(!strcmp(d.Creator, "softd3d test"));
    /* Every statistic from its STAT field. */
    CHECK(d.InstructionCount == 100 && d.TempRegisterCount == 101 && d.DefCount == 102 &&
          d.DclCount == 103 && d.FloatInstructionCount == 104 && d.IntInstructionCount == 105 &&
          d.UintInstructionCount == 106 && d.StaticFlowControlCount == 107 &&
          d.DynamicFlowControlCount == 108 && d.MacroInstructionCount == 109 &&
          d.TempArrayCount == 110 && d.ArrayInstructionCount == 111 &&
          d.CutInstructionCount == 112 && d.EmitInstructionCount == 113 &&
          d.TextureNormalInstructions == 114 && d.TextureLoadInstructions == 115 &&
          d.TextureCompInstructions == 116 && d.TextureBiasInstructions == 117 &&
          d.TextureGradientInstructions == 118);
    CHECK_EQ(ID3D11ShaderReflection_GetMovInstructionCount(r), 119);
    CHECK_EQ(ID3D11ShaderReflection_GetMovcInstructionCount(r), 120);
    CHECK_EQ(ID3D11ShaderReflection_GetConversionInstructionCount(r), 121);
    CHECK_EQ(ID3D11ShaderReflection_GetBitwiseInstructionCount(r), 122);
    CHECK_EQ(ID3D11ShaderReflection_GetGSInputPrimitive(r), 123);
    CHECK(d.InputPrimitive == 123 && d.GSOutputTopology == 124 && d.GSMaxOutputVertexCount == 125);
    CHECK_EQ(ID3D11ShaderReflection_IsSampleFrequencyShader(r), TRUE); /* field 28: 128 */
    CHECK(d.cGSInstanceCount == 129 && d.cControlPoints == 130 && d.HSOutputPrimitive == 131 &&
          d.HSPartitioning == 132 && d.TessellatorDomain == 133 &&
          d.cBarrierInstructions == 134 && d.cInterlockedInstructions == 135 &&
          d.cTextureStoreInstructions == 136);
    CHECK_EQ(ID3D11ShaderReflection_GetRequiresFlags(r),
             D3D_SHADER_REQUIRES_EARLY_DEPTH_STENCIL | D3D_SHADER_REQUIRES_TILED_RESOURCES);
    D3D_FEATURE_LEVEL fl;
    CHECK_HR(ID3D11ShaderReflection_GetMinFeatureLevel(r, &fl), S_OK);
    CHECK_EQ(fl, D3D_FEATURE_LEVEL_11_0);

    ID3D11ShaderReflectionVariable *light = ID3D11ShaderReflection_GetVariableByName(r, "light");
    D3D11_SHADER_VARIABLE_DESC vd;
    CHECK_HR(ID3D11ShaderReflectionVariable_GetDesc(light, &vd), S_OK);
    CHECK(vd.StartOffset == 0 && vd.Size == 32 && vd.uFlags == D3D_SVF_USED);
    CHECK(vd.DefaultValue && !memcmp(vd.DefaultValue, light_default, 32));
    CHECK(vd.StartTexture == 0xffffffffu && vd.StartSampler == 0xffffffffu);
    ID3D11ShaderReflectionType *lt = ID3D11ShaderReflectionVariable_GetType(light);
    D3D11_SHADER_TYPE_DESC td;
    CHECK_HR(ID3D11ShaderReflectionType_GetDesc(lt, &td), S_OK);
    CHECK(td.Class == D3D_SVC_STRUCT && td.Members == 2 && td.Columns == 5 && td.Offset == 0 &&
          td.Name && !strcmp(td.Name, "Light"));
    CHECK(!strcmp(ID3D11ShaderReflectionType_GetMemberTypeName(lt, 1), "intensity"));
    CHECK(ID3D11ShaderReflectionType_GetMemberTypeName(lt, 2) == NULL);
    ID3D11ShaderReflectionType *intensity = ID3D11ShaderReflectionType_GetMemberTypeByName(lt,
                                                                                 "intensity");
    CHECK(intensity == ID3D11ShaderReflectionType_GetMemberTypeByIndex(lt, 1));
    CHECK_HR(ID3D11ShaderReflectionType_GetDesc(intensity, &td), S_OK);
    CHECK(td.Class == D3D_SVC_SCALAR && td.Type == D3D_SVT_FLOAT && td.Offset == 16 &&
          !strcmp(td.Name, "float"));
    CHECK_HR(ID3D11ShaderReflectionType_GetDesc(ID3D11ShaderReflectionType_GetMemberTypeByIndex(
                 lt, 0), &td), S_OK);
    CHECK(td.Class == D3D_SVC_VECTOR && td.Columns == 4 && td.Offset == 0);
    /* Out of range / unknown: the null type. */
    CHECK_HR(ID3D11ShaderReflectionType_GetDesc(ID3D11ShaderReflectionType_GetMemberTypeByIndex(
                 lt, 2), &td), E_FAIL);
    CHECK_HR(ID3D11ShaderReflectionType_GetDesc(ID3D11ShaderReflectionType_GetMemberTypeByName(
                 lt, "nope"), &td), E_FAIL);

    ID3D11ShaderReflectionVariable *gain = ID3D11ShaderReflection_GetVariableByName(r, "gain");
    CHECK_HR(ID3D11ShaderReflectionVariable_GetDesc(gain, &vd), S_OK);
    CHECK(vd.StartOffset == 32 && vd.Size == 4 && vd.uFlags == 0 && vd.DefaultValue &&
          !memcmp(vd.DefaultValue, &gain_default, 4));
    ID3D11ShaderReflectionType *gt = ID3D11ShaderReflectionVariable_GetType(gain);
    /* gain's type and the intensity member are the same type; the struct is another. */
    CHECK_HR(ID3D11ShaderReflectionType_IsEqual(gt, intensity), S_OK);
    CHECK_HR(ID3D11ShaderReflectionType_IsEqual(gt, lt), S_FALSE);
    CHECK_HR(ID3D11ShaderReflectionType_IsOfType(gt, intensity), S_OK);
    CHECK_HR(ID3D11ShaderReflectionType_ImplementsInterface(gt, lt), S_FALSE);
    CHECK(ID3D11ShaderReflectionType_GetSubType(gt) == NULL);
    CHECK(ID3D11ShaderReflectionType_GetBaseClass(gt) == NULL);
    CHECK_EQ(ID3D11ShaderReflectionType_GetNumInterfaces(gt), 0);

    D3D11_SHADER_INPUT_BIND_DESC b;
    CHECK_HR(ID3D11ShaderReflection_GetResourceBindingDesc(r, 0, &b), S_OK);
    CHECK(!strcmp(b.Name, "Scene") && b.Type == D3D_SIT_CBUFFER && b.BindPoint == 3);
    CHECK_EQ(ID3D11ShaderReflection_Release(r), 0);
}

TEST(reflect_program_facts_without_stat)
{
    static struct wr shex;
    static uint8_t blob[512];
    build_program(&shex, true);
    const uint32_t tags[] = {DXBC_TAG_SHEX};
    const struct wr *chunks[] = {&shex};
    size_t size = container(blob, tags, chunks, 1);
    ID3D11ShaderReflection *r = reflect(blob, size);
    if (!r)
        return;
    UINT x, y, z;
    CHECK_EQ(ID3D11ShaderReflection_GetThreadGroupSize(r, &x, &y, &z), 64);
    CHECK(x == 8 && y == 4 && z == 2);
    CHECK_EQ(ID3D11ShaderReflection_GetThreadGroupSize(r, NULL, NULL, NULL), 64);
    CHECK_EQ(ID3D11ShaderReflection_GetNumInterfaceSlots(r), 5);
    D3D11_SHADER_DESC d;
    CHECK_HR(ID3D11ShaderReflection_GetDesc(r, &d), S_OK);
    CHECK_EQ(d.Version, 0x50050);
    CHECK(d.Creator == NULL && d.ConstantBuffers == 0 && d.BoundResources == 0);
    CHECK(d.InstructionCount == 1 && d.DclCount == 2);
    CHECK_EQ(ID3D11ShaderReflection_IsSampleFrequencyShader(r), FALSE);
    /* No RDEF: lookups find the null objects. */
    CHECK_HR(ID3D11ShaderReflectionConstantBuffer_GetDesc(
                 ID3D11ShaderReflection_GetConstantBufferByIndex(r, 0), NULL), E_FAIL);
    CHECK_EQ(ID3D11ShaderReflection_Release(r), 0);
}

TEST(reflect_null_objects_and_bad_arguments)
{
    static struct wr rdef, shex;
    static uint8_t blob[4096];
    build_rdef(&rdef, false, 0);
    build_program(&shex, false);
    const uint32_t tags[] = {DXBC_TAG_RDEF, DXBC_TAG_SHEX};
    const struct wr *chunks[] = {&rdef, &shex};
    size_t size = container(blob, tags, chunks, 2);
    ID3D11ShaderReflection *r = reflect(blob, size);
    if (!r)
        return;
    D3D11_SHADER_BUFFER_DESC bd;
    D3D11_SHADER_VARIABLE_DESC vd;
    D3D11_SHADER_TYPE_DESC td;
    D3D11_SHADER_INPUT_BIND_DESC b;
    D3D11_SIGNATURE_PARAMETER_DESC p;
    CHECK_HR(ID3D11ShaderReflection_GetDesc(r, NULL), E_FAIL);
    ID3D11ShaderReflectionConstantBuffer *nullcb =
        ID3D11ShaderReflection_GetConstantBufferByIndex(r, 1);
    CHECK(nullcb != NULL);
    CHECK_HR(ID3D11ShaderReflectionConstantBuffer_GetDesc(nullcb, &bd), E_FAIL);
    CHECK(ID3D11ShaderReflection_GetConstantBufferByName(r, "Other") == nullcb);
    CHECK(ID3D11ShaderReflection_GetConstantBufferByName(r, NULL) == nullcb);
    ID3D11ShaderReflectionVariable *nullvar =
        ID3D11ShaderReflectionConstantBuffer_GetVariableByIndex(nullcb, 0);
    CHECK_HR(ID3D11ShaderReflectionVariable_GetDesc(nullvar, &vd), E_FAIL);
    CHECK(ID3D11ShaderReflectionVariable_GetBuffer(nullvar) == nullcb);
    CHECK_HR(ID3D11ShaderReflectionType_GetDesc(ID3D11ShaderReflectionVariable_GetType(nullvar),
                                                &td), E_FAIL);
    CHECK(ID3D11ShaderReflection_GetVariableByName(r, "nope") == nullvar);
    CHECK(ID3D11ShaderReflection_GetVariableByName(r, NULL) == nullvar);
    ID3D11ShaderReflectionConstantBuffer *cb = ID3D11ShaderReflection_GetConstantBufferByIndex(r, 0);
    CHECK_HR(ID3D11ShaderReflectionConstantBuffer_GetDesc(cb, NULL), E_FAIL);
    CHECK(ID3D11ShaderReflectionConstantBuffer_GetVariableByIndex(cb, 2) == nullvar);
    CHECK(ID3D11ShaderReflectionConstantBuffer_GetVariableByName(cb, NULL) == nullvar);
    ID3D11ShaderReflectionVariable *v = ID3D11ShaderReflectionConstantBuffer_GetVariableByIndex(cb, 1);
    CHECK_HR(ID3D11ShaderReflectionVariable_GetDesc(v, NULL), E_FAIL);
    CHECK_HR(ID3D11ShaderReflectionType_GetDesc(ID3D11ShaderReflectionVariable_GetType(v), NULL),
             E_FAIL);
    CHECK_HR(ID3D11ShaderReflectionType_IsEqual(ID3D11ShaderReflectionVariable_GetType(v), NULL),
             E_INVALIDARG);
    CHECK_HR(ID3D11ShaderReflection_GetResourceBindingDesc(r, 1, &b), E_INVALIDARG);
    CHECK_HR(ID3D11ShaderReflection_GetResourceBindingDesc(r, 0, NULL), E_INVALIDARG);
    CHECK_HR(ID3D11ShaderReflection_GetResourceBindingDescByName(r, "nope", &b), E_INVALIDARG);
    CHECK_HR(ID3D11ShaderReflection_GetResourceBindingDescByName(r, NULL, &b), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "NULL name");
    CHECK_HR(ID3D11ShaderReflection_GetInputParameterDesc(r, 0, &p), E_INVALIDARG);
    CHECK_HR(ID3D11ShaderReflection_GetOutputParameterDesc(r, 0, &p), E_INVALIDARG);
    CHECK_HR(ID3D11ShaderReflection_GetPatchConstantParameterDesc(r, 0, &p), E_INVALIDARG);
    CHECK_HR(ID3D11ShaderReflection_GetMinFeatureLevel(r, NULL), E_INVALIDARG);
    /* COM rules on the one COM object. */
    IUnknown *unk = NULL;
    void *dev = (void *)1;
    CHECK_HR(ID3D11ShaderReflection_QueryInterface(r, &IID_IUnknown, (void **)&unk), S_OK);
    CHECK(unk == (IUnknown *)r);
    CHECK_HR(ID3D11ShaderReflection_QueryInterface(r, &IID_ID3D11Device, &dev), E_NOINTERFACE);
    CHECK(dev == NULL);
    CHECK_EQ(ID3D11ShaderReflection_Release(r), 1);
    CHECK_EQ(ID3D11ShaderReflection_Release(r), 0);
}

TEST(reflect_refuses_bad_blobs)
{
    static struct wr rdef, shex;
    static uint8_t blob[4096];
    void *out = (void *)1;
    build_rdef(&rdef, false, 0);
    build_program(&shex, false);
    const uint32_t tags[] = {DXBC_TAG_RDEF, DXBC_TAG_SHEX};
    const struct wr *chunks[] = {&rdef, &shex};
    size_t size = container(blob, tags, chunks, 2);

    CHECK_HR(D3DReflect(blob, size, &IID_ID3D11Device, &out), E_NOINTERFACE);
    CHECK(out == NULL);
    CHECK_HR(D3DReflect(NULL, size, &IID_ID3D11ShaderReflection, &out), E_INVALIDARG);
    CHECK_HR(D3DReflect(blob, size, &IID_ID3D11ShaderReflection, NULL), E_INVALIDARG);
    out = (void *)1;
    CHECK_HR(D3DReflect(blob, size - 4, &IID_ID3D11ShaderReflection, &out), E_FAIL);
    CHECK(out == NULL);
    CHECK_HR(D3DReflect("not a shader at all, just some text", 36, &IID_ID3D11ShaderReflection,
                        &out), E_FAIL);
    CHECK_STR_CONTAINS(util_last_message(), "D3DReflect");

    /* A struct that contains itself. */
    build_rdef(&rdef, true, 0);
    size = container(blob, tags, chunks, 2);
    CHECK_HR(D3DReflect(blob, size, &IID_ID3D11ShaderReflection, &out), E_FAIL);
    CHECK_STR_CONTAINS(util_last_message(), "contains itself");
    /* A member table outside the chunk. */
    build_rdef(&rdef, false, 0x7ffffff0u);
    size = container(blob, tags, chunks, 2);
    CHECK_HR(D3DReflect(blob, size, &IID_ID3D11ShaderReflection, &out), E_FAIL);
    CHECK_STR_CONTAINS(util_last_message(), "member table");
    /* A default value running past the chunk: the last variable's default offset. */
    build_rdef(&rdef, false, 0);
    uint32_t past = (uint32_t)rdef.n - 2;
    memcpy(rdef.b + 116 + 40 + 20, &past, 4);
    size = container(blob, tags, chunks, 2);
    CHECK_HR(D3DReflect(blob, size, &IID_ID3D11ShaderReflection, &out), E_FAIL);
    CHECK_STR_CONTAINS(util_last_message(), "default value");

    CHECK_HR(D3DReflectLibrary(blob, size, &IID_ID3D11ShaderReflection, &out), E_NOTIMPL);
    CHECK(out == NULL);
}
