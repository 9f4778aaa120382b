/* tests/test_d3dbc_ir.c — d3dbc -> IR (src/shader/d3dbc_ir.c): every corpus shader
 * (tests/shaders/d3dbc) decodes to validated IR, the register layout of d3dbc_ir.h, error
 * messages that name the offset and instruction, --ir printing (shader_disassemble and the
 * softd3d-dis tool), and hostile input: bit flips and truncations of every corpus blob must be
 * decoded or refused, never crash.  End-to-end runs on the VM are in test_d3dbc_ir_vm.c.
 */
#include "harness.h"

#include "shader/d3dbc.h"
#include "shader/d3dbc_ir.h"
#include "shader/shader_asm.h"
#include "vm/vm.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SOFTD3D_SOURCE_DIR
#error "SOFTD3D_SOURCE_DIR must be defined (tests/meson.build passes the source root)"
#endif
#define CORPUS_DIR SOFTD3D_SOURCE_DIR "/tests/shaders/d3dbc"

/* ---- corpus ------------------------------------------------------------------------------- */

struct blob {
    char name[128];
    uint32_t *tokens;
    size_t size;
};

static struct blob *blobs;
static size_t blob_count;

static int by_name(const void *a, const void *b)
{
    return strcmp(((const struct blob *)a)->name, ((const struct blob *)b)->name);
}

static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;
    if (!f)
        return NULL;
    if (!fseek(f, 0, SEEK_END) && (n = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET) &&
        (buf = malloc((size_t)n + 1))) {
        if (fread(buf, 1, (size_t)n, f) == (size_t)n) {
            buf[n] = '\0';
            *len = (size_t)n;
        } else {
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    return buf;
}

/* Assembles every corpus file once (kept for the life of the process). */
static bool load_blobs(void)
{
    DIR *dir;
    struct dirent *e;
    size_t cap = 0;
    if (blobs)
        return true;
    if (!(dir = opendir(CORPUS_DIR)))
        return false;
    while ((e = readdir(dir))) {
        size_t n = strlen(e->d_name), len;
        char path[512], *text;
        struct d3dbc_error err;
        if (n < 5 || strcmp(e->d_name + n - 4, ".asm") || n >= sizeof(blobs[0].name))
            continue;
        if (blob_count == cap) {
            struct blob *b = realloc(blobs, (cap = cap ? cap * 2 : 128) * sizeof(*b));
            if (!b)
                break;
            blobs = b;
        }
        snprintf(path, sizeof(path), "%s/%s", CORPUS_DIR, e->d_name);
        if (!(text = read_text(path, &len)))
            continue;
        struct blob *b = &blobs[blob_count];
        snprintf(b->name, sizeof(b->name), "%s", e->d_name);
        if (d3dbc_assemble_tokens(text, len, &b->tokens, &b->size, &err))
            harness_fail(__FILE__, __LINE__, "%s: %s", b->name, err.message);
        else
            blob_count++;
        free(text);
    }
    closedir(dir);
    if (blob_count)
        qsort(blobs, blob_count, sizeof(*blobs), by_name);
    return blob_count > 0;
}

static const struct blob *find_blob(const char *name)
{
    for (size_t i = 0; i < blob_count; i++)
        if (!strcmp(blobs[i].name, name))
            return &blobs[i];
    return NULL;
}

/* Assembles text and decodes it; returns the d3dbc_decode result. */
static int decode_text(const char *text, struct ir_program *ir, struct d3dbc_error *err)
{
    uint32_t *tokens;
    size_t size;
    struct d3dbc_error aerr;
    memset(ir, 0, sizeof(*ir));
    if (d3dbc_assemble_tokens(text, strlen(text), &tokens, &size, &aerr)) {
        harness_fail(__FILE__, __LINE__, "assembler: %s", aerr.message);
        return -100;
    }
    int ret = d3dbc_decode(tokens, size, ir, err);
    free(tokens);
    return ret;
}

/* ---- the corpus decodes ------------------------------------------------------------------- */

TEST(d3dbc_ir_corpus_decodes)
{
    if (!load_blobs()) {
        CHECK(!"no corpus in " CORPUS_DIR);
        return;
    }
    CHECK(blob_count >= 125);
    size_t ok = 0;
    for (size_t i = 0; i < blob_count; i++) {
        struct ir_program ir;
        struct d3dbc_error err;
        int ret = d3dbc_decode(blobs[i].tokens, blobs[i].size, &ir, &err);
        if (ret) {
            harness_fail(__FILE__, __LINE__, "%s: %s", blobs[i].name, err.message);
            continue;
        }
        ok++;
        /* the program validates again (d3dbc_decode already ran ir_validate) and prints */
        struct ir_error ierr;
        CHECK_EQ(ir_validate(&ir, &ierr), IR_OK);
        CHECK_EQ(ir.source, IR_SOURCE_D3DBC);
        CHECK_EQ(ir.type, strncmp(blobs[i].name, "ps", 2) ? IR_SHADER_VERTEX : IR_SHADER_PIXEL);
        char *text = ir_print_to_string(&ir);
        CHECK(text != NULL);
        free(text);
        ir_program_free(&ir);
    }
    CHECK_EQ(ok, blob_count);
}

/* The register layout of d3dbc_ir.h, seen on corpus programs. */
TEST(d3dbc_ir_layout)
{
    struct ir_program ir;
    struct d3dbc_error err;
    const struct blob *b;
    if (!load_blobs())
        SKIP("no corpus");

    /* vs_1_1 outputs: oPos o0 (position), oD0 o3, oT0 o5 */
    CHECK_EQ(decode_text("vs_1_1\ndcl_position v0\ndcl_texcoord3 v2\nmov oPos, v0\n"
                         "mov oD0, v0\nmov oT1.xy, v2\nmov oFog, v0.x\nmov oPts, v0.y\n",
                         &ir, &err), 0);
    CHECK_EQ(ir.output_count, 7u);
    bool seen_pos = false, seen_fog = false, seen_t1 = false;
    for (uint32_t i = 0; i < ir.outputs.count; i++) {
        const struct ir_io_decl *o = &ir.outputs.items[i];
        if (o->reg == D3DBC_IR_VS_OPOS)
            seen_pos = o->sysval == IR_SV_POSITION && o->usage == D3DBC_USAGE_POSITION;
        if (o->reg == D3DBC_IR_VS_OFOG)
            seen_fog = o->mask == IR_MASK_X && o->usage == D3DBC_USAGE_FOG;
        if (o->reg == D3DBC_IR_VS_OT0 + 1)
            seen_t1 = o->usage == D3DBC_USAGE_TEXCOORD && o->usage_index == 1;
    }
    CHECK(seen_pos && seen_fog && seen_t1);
    CHECK_EQ(ir.inputs.count, 2u);
    CHECK_EQ(ir.inputs.items[1].reg, 2u);
    CHECK_EQ(ir.inputs.items[1].usage, D3DBC_USAGE_TEXCOORD);
    CHECK_EQ(ir.inputs.items[1].usage_index, 3u);
    ir_program_free(&ir);

    /* ps_3_0: vPos v10, vFace v11, samplers with their dimensions, cb0 of 224 */
    CHECK((b = find_blob("ps_3_0_vpos_vface.asm")) != NULL);
    if (b && !d3dbc_decode(b->tokens, b->size, &ir, &err)) {
        bool pos = false, face = false;
        for (uint32_t i = 0; i < ir.inputs.count; i++) {
            const struct ir_io_decl *in = &ir.inputs.items[i];
            pos |= in->reg == D3DBC_IR_PS_VPOS && in->sysval == IR_SV_POSITION;
            face |= in->reg == D3DBC_IR_PS_VFACE && in->sysval == IR_SV_IS_FRONT_FACE &&
                    in->interpolation == IR_INTERP_CONSTANT;
        }
        CHECK(pos && face);
        CHECK_EQ(ir.cbuffers.count, 1u);
        CHECK_EQ(ir.cbuffers.items[0].size, 224u);
        ir_program_free(&ir);
    }
    CHECK_EQ(decode_text("ps_2_0\ndcl_cube s3\ndcl_volume s4\ndcl_centroid t1.xyz\n"
                         "texld r0, t1, s3\ntexld r1, t1, s4\nadd oC0, r0, r1\n", &ir, &err), 0);
    CHECK_EQ(ir.resources.count, 2u);
    CHECK_EQ(ir.resources.items[0].dim, IR_RES_TEXTURECUBE);
    CHECK_EQ(ir.resources.items[1].dim, IR_RES_TEXTURE3D);
    CHECK_EQ(ir.samplers.count, 2u);
    CHECK_EQ(ir.inputs.items[0].reg, D3DBC_IR_PS_T0 + 1);
    CHECK_EQ(ir.inputs.items[0].interpolation, IR_INTERP_LINEAR_CENTROID);
    CHECK_EQ(ir.inputs.items[0].mask, 0x7u);
    ir_program_free(&ir);

    /* relative c# with def constants: the def table in the immediate constant buffer */
    CHECK_EQ(decode_text("vs_2_0\ndef c3, 1, 2, 3, 4\ndcl_position v0\nmova a0.x, v0.x\n"
                         "mov oPos, c[a0.x + 1]\n", &ir, &err), 0);
    CHECK_EQ(ir.icb_size, 8u); /* c0..c3 values, then their masks */
    CHECK(ir.cbuffers.count == 1 && ir.cbuffers.items[0].dynamic);
    CHECK_EQ(ir.address_count, 1u);
    ir_program_free(&ir);

    /* ps_1_x: bump state in cb3, output o0 from r0 */
    CHECK_EQ(decode_text("ps_1_1\ntex t0\ntexbem t1, t0\nmov r0, t1\n", &ir, &err), 0);
    bool bump = false;
    for (uint32_t i = 0; i < ir.cbuffers.count; i++)
        bump |= ir.cbuffers.items[i].slot == D3DBC_IR_CB_BUMPENV &&
                ir.cbuffers.items[i].size == D3DBC_IR_BUMPENV_SIZE;
    CHECK(bump);
    CHECK_EQ(ir.output_count, 1u);
    CHECK_EQ(ir.resources.count, 2u);
    ir_program_free(&ir);
}

/* ---- errors --------------------------------------------------------------------------------- */

static void check_refused(const char *text, int code, const char *needle)
{
    struct ir_program ir;
    struct d3dbc_error err;
    int ret = decode_text(text, &ir, &err);
    CHECK_EQ(ret, code);
    if (ret == code) {
        CHECK_STR_CONTAINS(err.message, needle);
        CHECK_STR_CONTAINS(err.message, "offset 0x");
        CHECK_EQ(ir.instructions.count, 0u);
    } else if (!ret) {
        ir_program_free(&ir);
    }
}

TEST(d3dbc_ir_errors)
{
    /* not declared: sampler, vs input, vs_3_0 output */
    check_refused("ps_2_0\ndcl t0\ntexld r0, t0, s1\nmov oC0, r0\n", D3DBC_E_INVALID_PROGRAM,
                  "s1 is used but not declared");
    check_refused("vs_2_0\nmov oPos, v3\n", D3DBC_E_INVALID_PROGRAM,
                  "instruction 0 (mov): v3 is read but not declared");
    check_refused("vs_3_0\ndcl_position o0\nmov o1, c0\n", D3DBC_E_INVALID_PROGRAM,
                  "o1 is written but not declared");
    /* unbalanced flow control: found by the IR validator, offset of the instruction */
    check_refused("vs_2_0\nif b0\nmov oPos, c0\n", D3DBC_E_INVALID_PROGRAM, "never closed");
    check_refused("vs_2_0\ndefi i0, 2, 0, 0, 0\nrep i0\nmov oPos, c0\n", D3DBC_E_INVALID_PROGRAM,
                  "never closed");
    check_refused("vs_2_0\nmov oPos, c0\nendrep\n", D3DBC_E_INVALID_PROGRAM,
                  "endrep without a matching rep");
    check_refused("vs_2_0\ncall l3\nmov oPos, c0\nret\n", D3DBC_E_INVALID_PROGRAM,
                  "undefined label l3");
    check_refused("vs_2_0\ncall l1\nret\nlabel l1\ncall l1\nret\n", D3DBC_E_INVALID_PROGRAM,
                  "invalid program");
    /* matrix rows past the register file */
    check_refused("vs_2_0\ndcl_position v0\nm4x4 oPos, v0, c254\n", D3DBC_E_INVALID_PROGRAM,
                  "c256 is outside the 256 constants");
    /* texm3x2tex needs the pad before it */
    check_refused("ps_1_1\ntex t0\ntexm3x2tex t0, t0\nmov r0, t0\n", D3DBC_E_INVALID_PROGRAM,
                  "cannot complete a matrix");
    /* reader errors come through unchanged */
    struct ir_program ir;
    struct d3dbc_error err;
    uint32_t bad[2] = {0xfffe0101u, 0x12345678u};
    CHECK(d3dbc_decode(bad, sizeof(bad), &ir, &err) < 0);
    CHECK_STR_CONTAINS(err.message, "offset 0x");
    CHECK_EQ(d3dbc_decode(NULL, 4, &ir, &err), D3DBC_E_INVALID_ARG);
    CHECK_EQ(d3dbc_decode(bad, sizeof(bad), NULL, &err), D3DBC_E_INVALID_ARG);
}

/* ---- --ir printing -------------------------------------------------------------------------- */

TEST(d3dbc_ir_print_through_disassembler)
{
    const struct blob *b;
    char *text = NULL, msg[256];
    size_t len = 0;
    if (!load_blobs() || !(b = find_blob("vs_2_0_loop.asm")))
        SKIP("no corpus");
    CHECK_EQ(shader_disassemble(b->tokens, b->size, &text, &len, SHADER_DIS_IR, msg,
                                sizeof(msg)), 0);
    CHECK_STR_CONTAINS(text, "vs_2_0");
    CHECK_STR_CONTAINS(text, "loop");
    CHECK_STR_CONTAINS(text, "breakc_z");
    CHECK_STR_CONTAINS(text, "endloop");
    CHECK(text && strlen(text) == len);
    free(text);
    /* a d3dbc program the IR refuses: the message, no text */
    uint32_t *tokens;
    size_t size;
    struct d3dbc_error err;
    CHECK_EQ(d3dbc_assemble_tokens("vs_2_0\nif b0\n", 12, &tokens, &size, &err), 0);
    CHECK(shader_disassemble(tokens, size, &text, NULL, SHADER_DIS_IR, msg, sizeof(msg)) < 0);
    CHECK(text == NULL);
    CHECK_STR_CONTAINS(msg, "never closed");
    free(tokens);

    /* the tool itself, next to this test binary: build/tests/.. -> build/tools/softd3d-dis */
    char exe[1024], cmd[2300];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (n <= 0)
        SKIP("no /proc/self/exe");
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        SKIP("test binary path");
    *slash = '\0';
    char tool[1100], file[128];
    snprintf(tool, sizeof(tool), "%s/../tools/softd3d-dis", exe);
    if (access(tool, X_OK))
        SKIP("softd3d-dis not built next to the tests");
    snprintf(file, sizeof(file), "/tmp/softd3d-test-d3dbc-ir-%ld.bin", (long)getpid());
    FILE *f = fopen(file, "wb");
    if (!f)
        SKIP("cannot write a temporary file");
    fwrite(b->tokens, 1, b->size, f);
    fclose(f);
    snprintf(cmd, sizeof(cmd), "'%s' --ir '%s' 2>&1", tool, file);
    FILE *p = popen(cmd, "r");
    CHECK(p != NULL);
    if (p) {
        char out[16384];
        size_t got = fread(out, 1, sizeof(out) - 1, p);
        out[got] = '\0';
        CHECK_EQ(pclose(p), 0);
        CHECK_STR_CONTAINS(out, "vs_2_0");
        CHECK_STR_CONTAINS(out, "endloop");
        CHECK_STR_CONTAINS(out, "dcl_constantbuffer");
    }
    remove(file);
}

/* ---- hostile input ---------------------------------------------------------------------------- */

static uint32_t rng_state = 0x2545f491u;

static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

/* A decoded program also runs: one batch, zero inputs, every constant buffer bound, a short
 * loop budget. */
static void run_once(const struct ir_program *ir)
{
    static uint32_t consts[256][4];
    static vm_reg in[IR_MAX_INPUTS], out[IR_MAX_OUTPUTS];
    struct vm_program *prog = NULL;
    struct vm_state *st = NULL;
    if (vm_program_create(ir, &prog) || vm_state_create(prog, &st)) {
        harness_fail(__FILE__, __LINE__, "a validated program did not load into the VM");
    } else {
        struct vm_env env;
        memset(&env, 0, sizeof(env));
        env.inputs = (const vm_reg *)in;
        env.outputs = out;
        for (unsigned s = 0; s < 4; s++)
            env.cb[s] = (struct vm_cbuffer){&consts[0][0], 256};
        env.max_iterations = 512;
        vm_run(prog, st, &env, VM_ALL_LANES);
    }
    vm_state_destroy(st);
    vm_program_destroy(prog);
}

/* Whatever the reader accepts must decode or be refused with a message; never crash (the
 * sanitizer build checks the memory side). */
TEST(d3dbc_ir_hostile_bit_flips)
{
    if (!load_blobs())
        SKIP("no corpus");
    size_t accepted = 0, decoded = 0;
    for (size_t i = 0; i < blob_count; i++) {
        const struct blob *b = &blobs[i];
        uint32_t *copy = malloc(b->size);
        if (!copy)
            continue;
        for (unsigned round = 0; round < 400; round++) {
            memcpy(copy, b->tokens, b->size);
            unsigned flips = 1 + rng() % 3;
            for (unsigned k = 0; k < flips; k++) {
                size_t bit = rng() % (b->size * 8);
                ((uint8_t *)copy)[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            }
            struct d3dbc_program p;
            struct d3dbc_error err;
            if (d3dbc_read(copy, b->size, &p, &err))
                continue;
            accepted++;
            d3dbc_program_free(&p);
            struct ir_program ir;
            int ret = d3dbc_decode(copy, b->size, &ir, &err);
            if (ret) {
                CHECK(err.message[0] != '\0');
                CHECK_EQ(ir.instructions.count, 0u);
            } else {
                decoded++;
                run_once(&ir);
                ir_program_free(&ir);
            }
        }
        /* truncations */
        for (size_t cut = 4; cut < b->size; cut += 4) {
            struct ir_program ir;
            struct d3dbc_error err;
            if (!d3dbc_decode(b->tokens, cut, &ir, &err))
                ir_program_free(&ir);
        }
        free(copy);
    }
    if (getenv("D3DBC_IR_FUZZ_STATS"))
        printf("bit flips: %zu accepted by the reader, %zu decoded\n", accepted, decoded);
    CHECK(accepted > 1000);
    CHECK(decoded > 500);
}
