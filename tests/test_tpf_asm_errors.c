/* tests/test_tpf_asm_errors.c — the SM4 assembler's refusals (each names its line and column),
 * malformed listings and blobs (refused, never a crash; the ASan build runs these too), the
 * tables the assembler derives when a listing has none, the Aon9 chunk it writes, and the
 * shader_asm.h entry points (dispatch between d3dbc and SM4, --ir, NULL arguments).
 */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "shader/d3dbc.h"
#include "shader/dxbc.h"
#include "shader/shader_asm.h"
#include "shader/tpf.h"

#ifndef SOFTD3D_SOURCE_DIR
#error "SOFTD3D_SOURCE_DIR must be defined (tests/meson.build passes the source root)"
#endif

static int asm_text(const char *text, void **blob, size_t *size, char *err, size_t err_size)
{
    return shader_assemble(text, strlen(text), blob, size, err, err_size);
}

/* ---- refusals --------------------------------------------------------------------------------- */

static const struct {
    const char *text;
    unsigned line, column;
    const char *message;
} refusals[] = {
    {"vs_4_0\nmov r0.xyzw, v0\n", 2, 1, "invalid program"},
    {"vs_4_0\ndcl_temps 1\nmovx r0.x, r0.x\n", 3, 1, "unknown instruction 'movx'"},
    {"vs_4_0\ndcl_temps 1\nmov r0.x r0.x\n", 3, 10, "',' expected"},
    {"vs_4_0\ndcl_temps 1\nmov r0.xq, r0.x\n", 3, 8, "component letters"},
    {"vs_4_0\ndcl_temps 1\nadd r0.x, r0.x\n", 3, 15, "add takes 3 operands, 2 given"},
    {"ps_4_0\ndcl_temps 1\nif r0.x\nendif\n", 3, 1, "if needs _z or _nz"},
    {"vs_4_0\ndcl_temps 1\nmov r0.x, l(1, 2)\n", 3, 11, "one or four values"},
    {"vs_4_0\ndcl_temps 1\nmov r0.x, l(1.5x)\n", 3, 13, "is not a number"},
    {"vs_4_0\ndcl_temps 1\niadd_sat r0.x, r0.x, r0.x\n", 3, 1, "iadd cannot saturate"},
    {"vs_4_0\ndcl_input v0.xyzw\ndcl_temps 1\nmov r0.xyzw, v0.xyzw\ndcl_temps 2\n", 5, 1,
     "declaration after the first instruction"},
    {"vs_4_0\ndcl_constantbuffer cb0[4], whatever\n", 2, 28, "immediateIndexed or dynamicIndexed"},
    {"ps_4_0\ndcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
     "dcl_temps 1\nsample_aoffimmi(9,0,0) r0.xyzw, r0.xyxx, t0.xyzw, s0\n", 5, 17, "outside -8..7"},
    {"vs_4_0\ndcl_temps 1\nmov r0.x, r0.x garbage\n", 3, 16, "unexpected 'g'"},
    {"vs_4_0\nemit\n", 2, 1, "emit outside a geometry program"},
    {"vs_4_0\nhs_decls\n", 2, 1, "hs_decls outside a hull program"},
    {"hs_5_0\nhs_decls\ndcl_tessellator_domain domain_cube\n", 3, 24, "unknown 'domain_cube'"},
    {"ds_5_0\ndcl_tessellator_partitioning partitioning_integer\n", 2, 1,
     "in a domain program"},
    {"vs_4_0\ndcl_temps 1\nrcp r0.x, r0.x\n", 3, 1, "rcp needs shader model 5.0"},
    {"vs_4_0\ndcl_temps 1\nmov r0.x, -|r0.x\n", 3, 17, "'|' expected"},
    {"vs_4_0\ndcl_temps 1\nmov -r0.x, r0.x\n", 3, 5, "modifier"},
    {"vs_4_0\ndcl_temps 1\nmov r[r0.x + 1].x, r0.x\n", 3, 5, "cannot be indexed by a register"},
    {"vs_4_0\ndcl_constantbuffer cb0[4], dynamicIndexed\ndcl_temps 1\n"
     "mov r0.x, cb0[cb0[0].x + 1].x\n", 4, 15, "a relative index is r#, x#, v# or this[]"},
    {"vs_4_0\ndcl_temps 1\ndcl_indexableTemp x0[2], 4\nmov r0.x, x0[x0[r0.x].x].x\n", 4, 17,
     "nested relative addressing"},
    {"vs_4_0\ndcl_input_sgv v0.x, nonsense\n", 2, 21, "unknown system value 'nonsense'"},
    {"ps_4_0\ndcl_input_ps bilinear v0.x\n", 2, 14, "register expected"},
    {"vs_4_0\ndcl_immediateConstantBuffer { { 1, 2, 3 } }\n", 2, 41, "',' expected"},
    {"vs_4_0_level_9_1\nret\n", 1, 1, "needs its level-9 (SM2) program"},
    {"// Level9 shader bytecode:\n    ps_2_0\n    mov oC0, t0\nps_4_0_level_9_3\nret\n", 4, 1,
     "needs a ps_2_x level-9 program"},
    {"// Level9 shader bytecode:\n    ps_2_0\n    movv oC0, t0\nps_4_0_level_9_1\nret\n", 3, 5,
     "level-9 program"},
    {"// Level9 shader bytecode:\n    vs_2_0\n    mov oPos, v0\nps_4_0_level_9_1\nret\n", 2, 1,
     "ps_2_0 or ps_2_x"},
    {"// Level9 shader bytecode:\n    ps_2_0\n    mov oC0, t0\nps_5_0\nret\n", 1, 1,
     "goes with a 4_0 program only"},
    {"// Input signature:\n//\n// Name                 Index   Mask Register SysValue  Format   Used\n"
     "// -------------------- ----- ------ -------- -------- ------- ------\n"
     "// POSITION                 0   xyzw        0      FOO   float   xyzw\n//\nvs_4_0\nret\n",
     5, 52, "unknown system value 'FOO'"},
    {"// Output signature:\n//\n// Name                 Index   Mask Register SysValue  Format   Used\n"
     "// -------------------- ----- ------ -------- -------- ------- ------\n"
     "// TEXCOORD                 0   xy          0     NONE   float   xyzw\n//\nvs_4_0\nret\n",
     5, 66, "Used names components outside the mask"},
    {"// Buffer Definitions: \n//\n// cbuffer cb0\n// {\n//\n//   struct S s;  // Offset: 0 Size: 16\n"
     "//\n// }\nvs_4_0\nret\n", 6, 6, "struct variables are not supported"},
    {"// Buffer Definitions: \n//\n// cbuffer cb0\n// {\n//\n//   float4 v;  // Offset: 0\n//\n// }\n"
     "vs_4_0\nret\n", 6, 17, "'// Offset: N Size: N'"},
    {"// Resource Bindings:\n//\n// Name Type Format Dim Bind Count\n// ---- ---- ---- --- ---- ---\n"
     "// tex texture float4 2d t0\nvs_4_0\nret\n", 5, 28, "5 of its 6 columns"},
    {"// Runtime generated constant mappings:\n//\n// Target Reg Constant Description\n"
     "// ---------- -----------\n// c0 Something else\n//\nvs_4_0\nret\n", 5, 7,
     "unknown runtime constant"},
    {"// Sampler/Resource to DX9 shader sampler mappings:\n//\n// Target Sampler Source\n"
     "// ---- ----\n// s0 s0\n//\n// Level9 shader bytecode:\n    ps_2_0\n    mov oC0, t0\n"
     "ps_4_0_level_9_1\nret\n", 5, 4, "sampler mapping row"},
    {"// Sampler/Resource to DX9 shader sampler mappings:\n//\n// Target Sampler Source\n"
     "// ---- ----\n// s0 s0 t0\n//\nps_4_0\nret\n", 7, 1, "mapping tables without a level-9"},
    /* pull-model evaluation (D3D11.3 16.5, 22.4.23-25): pixel programs of shader model 5, an
     * input register that is declared and is not SV_Position */
    {"ps_5_0\ndcl_input_ps_siv linear noperspective v0.xy, position\ndcl_output o0.xyzw\n"
     "eval_centroid o0.xy, v0.xyxx\nret\n", 4, 1, "v0 is SV_Position, which cannot be evaluated"},
    {"ps_5_0\ndcl_input_ps linear v0.x\ndcl_input_ps_siv linear noperspective v1.xy, position\n"
     "dcl_temps 1\neval_sample_index r0.xy, v1.xyxx, l(0)\nret\n", 5, 1,
     "v1 is SV_Position"},
    {"ps_5_0\ndcl_temps 1\neval_centroid r0.x, r0.x\nret\n", 3, 1,
     "source 0 must be an input register v#"},
    {"ps_5_0\ndcl_constantbuffer cb0[1], immediateIndexed\ndcl_temps 1\n"
     "eval_snapped r0.x, cb0[0].x, l(0, 0, 0, 0)\nret\n", 4, 1, "must be an input register"},
    {"vs_5_0\ndcl_input v0.xyzw\ndcl_temps 1\neval_centroid r0.x, v0.x\nret\n", 4, 1,
     "pixel-only instruction in a vertex program"},
    {"ps_4_1\ndcl_input_ps linear v0.x\ndcl_temps 1\neval_centroid r0.x, v0.x\nret\n", 4, 1,
     "eval_centroid needs shader model 5.0"},
    {"ps_5_0\ndcl_input_ps linear v0.x\ndcl_temps 1\neval_snapped r0.x, v0.x\nret\n", 4, 24,
     "eval_snapped takes 3 operands, 2 given"},
    {"ps_5_0\ndcl_input_ps linear v0.x\ndcl_input_ps linear v2.x\ndcl_temps 1\n"
     "eval_centroid r0.x, v1.x\nret\n", 5, 1, "v1 is not declared"},
};

TEST(tpf_asm_refusals_name_line_and_column)
{
    for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
        char err[300], want[48];
        void *blob = (void *)1;
        size_t size = 1;
        int ret = asm_text(refusals[i].text, &blob, &size, err, sizeof(err));
        CHECK_EQ(ret, SHADER_ASM_E_SYNTAX);
        CHECK(blob == NULL && size == 0);
        snprintf(want, sizeof(want), "line %u, column %u: ", refusals[i].line,
                 refusals[i].column);
        if (ret && (strncmp(err, want, strlen(want)) || !strstr(err, refusals[i].message)))
            printf("  case %zu: got \"%s\", want \"%s...%s\"\n", i, err, want,
                   refusals[i].message);
        CHECK(ret && !strncmp(err, want, strlen(want)));
        CHECK_STR_CONTAINS(err, refusals[i].message);
        free(blob);
    }
}

TEST(tpf_asm_version_statements)
{
    char err[300];
    void *blob = NULL;
    size_t size;
    /* only vertex and pixel programs of 4.0, 4.1 and 5.0 (and the 4_0 level-9 profiles) */
    static const char *const refused[] = {"vs_5_1\nret\n", "gs_4_0\nret\n", "ps_4_2\nret\n",
                                          "vs_4_0_level_9_2\nret\n", "cs_5_0\nret\n", ""};
    for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
        CHECK_EQ(tpf_assemble(refused[i], strlen(refused[i]), &blob, &size, err, sizeof(err)),
                 SHADER_ASM_E_SYNTAX);
        CHECK(blob == NULL);
        CHECK_STR_CONTAINS(err, "line ");
    }
    static const char *const taken[] = {"vs_4_0\nret\n", "ps_4_1\nret\n", "vs_5_0\nret\n",
                                        "ps_5_0\nret\n"};
    for (size_t i = 0; i < sizeof(taken) / sizeof(taken[0]); i++) {
        CHECK_EQ(asm_text(taken[i], &blob, &size, err, sizeof(err)), 0);
        free(blob);
    }
}

/* ---- malformed input: refused, never a crash ------------------------------------------------- */

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
        !(buf = malloc((size_t)n + 1))) {
        fclose(f);
        return NULL;
    }
    size_t got = fread(buf, 1, (size_t)n, f);
    fclose(f);
    buf[got] = '\0';
    *len = got;
    return buf;
}

static uint32_t rng_state = 12345;
static uint32_t rng(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}

TEST(tpf_asm_malformed_listings_and_blobs)
{
    DIR *d = opendir(SOFTD3D_SOURCE_DIR "/tests/shaders/sm4");
    struct dirent *de;
    unsigned listings = 0, refused = 0, blobs = 0;
    CHECK(d != NULL);
    while (d && (de = readdir(d))) {
        char path[1024], err[300];
        size_t len, size;
        if (!strstr(de->d_name, ".asm"))
            continue;
        snprintf(path, sizeof(path), "%s/tests/shaders/sm4/%s", SOFTD3D_SOURCE_DIR, de->d_name);
        char *text = slurp(path, &len);
        if (!text)
            continue;
        /* every prefix that ends a line, and the bytes around it */
        for (size_t cut = 0; cut < len; cut++) {
            if (text[cut] != '\n' && (cut % 7))
                continue;
            void *blob = NULL;
            int ret = shader_assemble(text, cut, &blob, &size, err, sizeof(err));
            CHECK(ret ? blob == NULL && err[0] : blob != NULL);
            refused += ret != 0;
            listings++;
            free(blob);
        }
        /* random byte changes */
        char *copy = malloc(len + 1);
        for (unsigned k = 0; copy && k < 40; k++) {
            static const char junk[] = "x[]().,|-+0123456789 \n/rvoltsc_#{}";
            memcpy(copy, text, len + 1);
            for (unsigned m = 0; m < 1 + k % 3; m++)
                copy[rng() % len] = junk[rng() % (sizeof(junk) - 1)];
            void *blob = NULL;
            int ret = shader_assemble(copy, len, &blob, &size, err, sizeof(err));
            CHECK(ret ? blob == NULL && err[0] : blob != NULL);
            refused += ret != 0;
            listings++;
            free(blob);
        }
        free(copy);
        /* the blob with flipped bits, given to the disassembler */
        void *blob = NULL;
        if (!shader_assemble(text, len, &blob, &size, err, sizeof(err))) {
            uint8_t *b = malloc(size);
            for (unsigned k = 0; b && k < 64; k++) {
                char *out = NULL;
                memcpy(b, blob, size);
                for (unsigned m = 0; m < 1 + k % 4; m++)
                    b[rng() % size] ^= (uint8_t)(1u << (rng() % 8));
                if (!shader_disassemble(b, size, &out, NULL, 0, err, sizeof(err)))
                    CHECK(out != NULL);
                else
                    CHECK(out == NULL && err[0]);
                free(out);
                if (!shader_disassemble(b, k % 2 ? size / 2 : size - 1, &out, NULL, 0, err,
                                        sizeof(err)))
                    CHECK(out != NULL);
                free(out);
                blobs += 2;
            }
            free(b);
        }
        free(blob);
        free(text);
    }
    if (d)
        closedir(d);
    CHECK(listings > 1000 && refused > 100 && blobs > 1000);
}

/* ---- what the assembler derives and writes --------------------------------------------------- */

TEST(tpf_asm_derived_tables)
{
    static const char text[] =
        "ps_4_0\n"
        "dcl_constantbuffer cb2[3], immediateIndexed\n"
        "dcl_sampler s1, mode_comparison\n"
        "dcl_resource_texture2dms(4) (uint,uint,uint,uint) t3\n"
        "dcl_input_ps_siv linear noperspective v0.xy, position\n"
        "dcl_input_ps linear v1.xy\n"
        "dcl_input_ps linear v1.zw\n"
        "dcl_input_ps_sgv constant v2.x, is_front_face\n"
        "dcl_output o0.xyzw\n"
        "dcl_output o2.xy\n"
        "dcl_output oDepth\n"
        "mov o0.xyzw, cb2[2].xyzw\n"
        "mov o2.xy, v1.xyxx\n"
        "mov oDepth, v1.z\n"
        "ret\n";
    char err[300];
    void *blob;
    size_t size;
    struct dxbc_shader_info info;
    CHECK_EQ(asm_text(text, &blob, &size, err, sizeof(err)), 0);
    if (!blob)
        return;
    CHECK_EQ(dxbc_parse(blob, size, 0, &info, NULL), 0);
    CHECK_EQ(info.input.count, 4);
    if (info.input.count == 4) {
        CHECK(!strcmp(info.input.elements[0].semantic_name, "SV_Position"));
        CHECK_EQ(info.input.elements[0].system_value, 1);
        CHECK(!strcmp(info.input.elements[1].semantic_name, "TEXCOORD"));
        CHECK_EQ(info.input.elements[1].mask, 0x3);
        CHECK_EQ(info.input.elements[2].semantic_index, 1);
        CHECK_EQ(info.input.elements[2].mask, 0xc);
        CHECK(!strcmp(info.input.elements[3].semantic_name, "SV_IsFrontFace"));
        CHECK_EQ(info.input.elements[3].component_type, 1);
    }
    CHECK_EQ(info.output.count, 3);
    if (info.output.count == 3) {
        CHECK(!strcmp(info.output.elements[1].semantic_name, "SV_Target"));
        CHECK_EQ(info.output.elements[1].semantic_index, 2);
        CHECK_EQ(info.output.elements[1].system_value, 64);
        CHECK_EQ(info.output.elements[1].rw_mask, 0xc); /* never writes z, w */
        CHECK(!strcmp(info.output.elements[2].semantic_name, "SV_Depth"));
        CHECK_EQ(info.output.elements[2].register_index, 0xffffffffu);
    }
    CHECK(info.rdef.present);
    CHECK(!strcmp(info.rdef.creator, "softd3d-asm"));
    CHECK_EQ(info.rdef.target_token, 0xffff0400u);
    CHECK_EQ(info.rdef.cbuffer_count, 1);
    if (info.rdef.cbuffer_count == 1) {
        CHECK(!strcmp(info.rdef.cbuffers[0].name, "cb2"));
        CHECK_EQ(info.rdef.cbuffers[0].size, 48);
        CHECK_EQ(info.rdef.cbuffers[0].variable_count, 1);
    }
    CHECK_EQ(info.rdef.binding_count, 3); /* samplers, then textures, then cbuffers */
    if (info.rdef.binding_count == 3) {
        CHECK_EQ(info.rdef.bindings[0].type, 3);
        CHECK_EQ(info.rdef.bindings[0].bind_point, 1);
        CHECK_EQ(info.rdef.bindings[0].flags, 2); /* comparison */
        CHECK_EQ(info.rdef.bindings[1].type, 2);
        CHECK_EQ(info.rdef.bindings[1].return_type, 4); /* uint */
        CHECK_EQ(info.rdef.bindings[1].dimension, 6);   /* 2dMS */
        CHECK_EQ(info.rdef.bindings[1].sample_count, 4);
        CHECK_EQ(info.rdef.bindings[2].type, 0);
        CHECK_EQ(info.rdef.bindings[2].bind_point, 2);
    }
    CHECK(!info.has_level9);
    dxbc_info_free(&info);
    free(blob);
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The Aon9 chunk: header, the five tables in order from 0x24, then the SM2 program. */
TEST(tpf_asm_aon9_layout)
{
    static const char text[] =
        "// Constant buffer to DX9 shader constant mappings:\n"
        "//\n"
        "// Target Reg Buffer  Start Reg # of Regs        Data Conversion\n"
        "// ---------- ------- --------- --------- ----------------------\n"
        "// c1         cb0             0         2  ( FLT, INT,UINT,BOOL)\n"
        "//\n"
        "// Sampler/Resource to DX9 shader sampler mappings:\n"
        "//\n"
        "// Target Sampler Source Sampler  Source Resource\n"
        "// -------------- --------------- ----------------\n"
        "// s2             s1              t3\n"
        "//\n"
        "// Level9 shader bytecode:\n"
        "//\n"
        "    ps_2_0\n"
        "    mov oC0, c1\n"
        "ps_4_0_level_9_1\n"
        "dcl_constantbuffer cb0[2], immediateIndexed\n"
        "dcl_output o0.xyzw\n"
        "mov o0.xyzw, cb0[0].xyzw\n"
        "ret\n";
    char err[300];
    void *blob;
    size_t size;
    struct dxbc_container c;
    struct dxbc_chunk ch;
    CHECK_EQ(asm_text(text, &blob, &size, err, sizeof(err)), 0);
    if (!blob)
        return;
    CHECK_EQ(dxbc_container_open(&c, blob, size, 0, NULL), 0);
    CHECK(dxbc_container_find(&c, DXBC_TAG_AON9, &ch));
    const uint8_t *a = ch.data;
    CHECK_EQ(rd32(a), ch.size);            /* +0 size of the level-9 data */
    CHECK_EQ(rd32(a + 4), 0xffff0200u);    /* +4 the program's version token */
    CHECK_EQ(rd32(a + 8), 4 * 5);          /* version, mov (3 tokens), end */
    CHECK_EQ(rd32(a + 12), 0x24 + 12 + 4); /* after one cb mapping and one sampler mapping */
    CHECK_EQ(rd32(a + 16), 0x00240001u);   /* cb mappings: 1 at 0x24 */
    CHECK_EQ(rd32(a + 20), 0x00300000u);   /* loop mappings: none, at 0x30 */
    CHECK_EQ(rd32(a + 24), 0x00300000u);   /* the table never seen filled */
    CHECK_EQ(rd32(a + 28), 0x00300001u);   /* sampler mappings: 1 at 0x30 */
    CHECK_EQ(rd32(a + 32), 0x00340000u);   /* runtime constants: none */
    /* cb mapping: buffer, start, count, target (16-bit), conversions FLT INT UINT BOOL */
    CHECK_EQ(rd32(a + 0x24), 0x00000000u);
    CHECK_EQ(rd32(a + 0x28), 0x00010002u);
    CHECK_EQ(rd32(a + 0x2c), 0x01030200u);
    /* sampler mapping: source resource, source sampler, target sampler, 0 */
    CHECK_EQ(rd32(a + 0x30), 0x00020103u);
    CHECK_EQ(rd32(a + 0x34), 0xffff0200u);
    CHECK_EQ(rd32(a + ch.size - 4), 0x0000ffffu);
    free(blob);
}

/* ---- the entry points ------------------------------------------------------------------------ */

TEST(tpf_asm_entry_points)
{
    char err[300], *text = NULL;
    void *blob = NULL;
    size_t size = 0, len = 0;

    /* d3dbc text goes to the d3dbc assembler and comes back */
    static const char sm2[] = "vs_2_0\ndcl_position v0\nmov oPos, v0\n";
    CHECK(!shader_text_is_sm4(sm2, strlen(sm2)));
    CHECK_EQ(asm_text(sm2, &blob, &size, err, sizeof(err)), 0);
    CHECK(blob && size >= 8 && rd32(blob) == 0xfffe0200u);
    CHECK_EQ(shader_disassemble(blob, size, &text, &len, 0, err, sizeof(err)), 0);
    CHECK(text && strstr(text, "vs_2_0") && strstr(text, "mov oPos, v0"));
    free(text);
    /* --ir on d3dbc: the IR of src/shader/d3dbc_ir.c */
    CHECK_EQ(shader_disassemble(blob, size, &text, &len, SHADER_DIS_IR, err, sizeof(err)), 0);
    CHECK(text && strstr(text, "vs_2_0") && strstr(text, "mov o0.xyzw, v0.xyzw"));
    free(text);
    free(blob);
    CHECK_EQ(asm_text("vs_2_0\nmovv oPos, v0\n", &blob, &size, err, sizeof(err)),
             SHADER_ASM_E_SYNTAX);
    CHECK_STR_CONTAINS(err, "line 2, column 1");

    /* SM4: the text, and the --ir form */
    static const char sm4[] = "// a comment first\n\nvs_4_0\ndcl_input v0.xyzw\n"
                              "dcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n";
    CHECK(shader_text_is_sm4(sm4, strlen(sm4)));
    CHECK(shader_text_is_sm4("// Level9 shader bytecode:\n vs_2_0\n", 36));
    CHECK_EQ(asm_text(sm4, &blob, &size, err, sizeof(err)), 0);
    CHECK_EQ(shader_disassemble(blob, size, &text, &len, SHADER_DIS_IR, err, sizeof(err)), 0);
    CHECK(text && !strncmp(text, "vs_4_0\n", 7) && len == strlen(text));
    free(text);
    CHECK_EQ(shader_disassemble(blob, size, &text, NULL, 0, err, sizeof(err)), 0);
    CHECK(text && strstr(text, "\nvs_4_0\n") && strstr(text, "// Input signature:"));
    free(text);
    /* a wrong checksum is disassembled, with a warning line */
    ((uint8_t *)blob)[4] ^= 1;
    CHECK_EQ(shader_disassemble(blob, size, &text, NULL, 0, err, sizeof(err)), 0);
    CHECK(text && strstr(text, "checksum is wrong"));
    free(text);
    free(blob);

    /* NULL arguments */
    CHECK_EQ(shader_assemble(NULL, 4, &blob, &size, err, sizeof(err)), SHADER_ASM_E_INVALID_ARG);
    CHECK_EQ(shader_assemble(sm4, strlen(sm4), NULL, &size, NULL, 0), SHADER_ASM_E_INVALID_ARG);
    CHECK_EQ(shader_disassemble(NULL, 4, &text, &len, 0, err, sizeof(err)),
             SHADER_ASM_E_INVALID_ARG);
    CHECK_EQ(shader_disassemble("DXBC", 4, NULL, &len, 0, NULL, 0), SHADER_ASM_E_INVALID_ARG);
    CHECK_EQ(shader_disassemble("DXBC", 4, &text, &len, 0, err, sizeof(err)),
             SHADER_ASM_E_BAD_BLOB);
    CHECK(text == NULL);
}
