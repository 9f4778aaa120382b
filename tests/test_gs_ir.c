/* tests/test_gs_ir.c — geometry programs in the IR and the VM (issue 11, item 5): the
 * validator's rules for the geometry declarations and operands (D3D11.3 functional spec 13.2:
 * dcl_inputprimitive, dcl_outputtopology and dcl_maxout required, maxout <= 1024 and maxout x
 * output scalars <= 1024; 13.3 dcl_gsinstances 1..32), patch input primitives (11.8.1.1), the
 * decoder's refusals, the printer,
 * and the VM running one invocation per lane: v[vertex][reg] with a relative vertex index,
 * vPrim, emit / cut / emit_then_cut reported per lane, the interpreter and the JIT (which
 * never compiles emit or cut: jit_codegen.c native_op) reporting the same. */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shader/ir.h"
#include "shader/shader_asm.h"
#include "shader/tpf.h"
#include "vm/vm.h"

/* Assembles and decodes a listing; returns the decoder's code (0: *out holds the program). */
static int gs_decode(const char *text, struct ir_program *out, char *err, size_t size)
{
    void *blob = NULL;
    size_t n = 0;
    int ret = shader_assemble(text, strlen(text), &blob, &n, err, size);
    if (ret)
        return -100;   /* the assembler refused (it decodes too: err says why) */
    struct tpf_error terr;
    ret = tpf_decode_blob(blob, n, 0, out, &terr);
    if (ret)
        snprintf(err, size, "%s", terr.message);
    free(blob);
    return ret;
}

#define GS_HEAD "gs_4_0\ndcl_input_siv v[3][0].xyzw, position\n"
#define GS_DECLS "dcl_inputprimitive triangle\ndcl_outputtopology trianglestrip\n"
#define GS_OUT "dcl_output_siv o0.xyzw, position\n"

TEST(gs_ir_declarations_rules)
{
    static const struct {
        const char *text, *message;
    } bad[] = {
        { "gs_4_0\ndcl_input_siv v[3][0].xyzw, position\ndcl_outputtopology trianglestrip\n"
          GS_OUT "dcl_maxout 3\nret\n", "without a valid dcl_inputprimitive" },
        { GS_HEAD "dcl_inputprimitive triangle\n" GS_OUT "dcl_maxout 3\nret\n",
          "without a valid dcl_outputtopology" },
        { GS_HEAD GS_DECLS GS_OUT "ret\n", "dcl_maxout 0" },
        { GS_HEAD GS_DECLS GS_OUT "dcl_maxout 1025\nret\n", "dcl_maxout 1025" },
        /* 257 vertices of 4 scalars: 1028 > 1024 */
        { GS_HEAD GS_DECLS GS_OUT "dcl_maxout 257\nret\n", "exceeds 1024 scalars" },
        { GS_HEAD GS_DECLS GS_OUT "dcl_maxout 3\nmov o0.xyzw, v[3][0].xyzw\nemit\nret\n",
          "input vertex 3 of a primitive of 3" },
        { GS_HEAD GS_DECLS GS_OUT "dcl_maxout 3\nmov o0.x, vPrim\nemit\nret\n",
          "vPrim is not declared" },
        { GS_HEAD GS_DECLS GS_OUT "dcl_maxout 3\nmov o0.xyzw, v[0][1].xyzw\nret\n",
          "v[0][1] outside the 1 declared registers" },
        { "vs_4_0\ndcl_inputprimitive point\nret\n", "outside a geometry program" },
        { "vs_4_0\ndcl_output o0.x\nmov o0.x, vPrim\nret\n", "outside a geometry, hull or domain program" },
        { "vs_4_0\ncut\nret\n", "cut outside a geometry program" },
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct ir_program p;
        char err[300] = "";
        int ret = gs_decode(bad[i].text, &p, err, sizeof(err));
        CHECK(ret != 0);
        if (!ret)
            ir_program_free(&p);
        if (!strstr(err, bad[i].message))
            printf("  case %zu: %s\n", i, err);
        CHECK_STR_CONTAINS(err, bad[i].message);
    }
    /* and the smallest valid one, printed back */
    struct ir_program p;
    char err[300] = "";
    CHECK_EQ(gs_decode(GS_HEAD GS_DECLS GS_OUT "dcl_maxout 256\nmov o0.xyzw, v[2][0].xyzw\n"
                       "emit_then_cut\nret\n", &p, err, sizeof(err)), 0);
    if (err[0])
        printf("  %s\n", err);
    CHECK_EQ(p.type, IR_SHADER_GEOMETRY);
    CHECK_EQ(p.gs_input, IR_GS_IN_TRIANGLE);
    CHECK_EQ(p.gs_output, IR_GS_OUT_TRIANGLESTRIP);
    CHECK_EQ(p.gs_max_vertices, 256);
    CHECK_EQ(p.gs_instances, 1);
    char *text = ir_print_to_string(&p);
    CHECK_STR_CONTAINS(text, "gs_4_0\n");
    CHECK_STR_CONTAINS(text, "dcl_inputprimitive triangle\ndcl_outputtopology trianglestrip\n"
                             "dcl_maxout 256\n");
    CHECK_STR_CONTAINS(text, "mov o0.xyzw, v[2][0].xyzw\nemit_then_cut\n");
    free(text);
    ir_program_free(&p);
}

/* The validator on programs built directly (what no listing can say). */
TEST(gs_ir_validator_direct)
{
    struct ir_program p;
    struct ir_error e;
    /* geometry declarations in a vertex program */
    ir_program_init(&p, IR_SHADER_VERTEX, IR_SOURCE_TPF, 4, 0);
    p.gs_max_vertices = 3;
    CHECK_EQ(ir_validate(&p, &e), IR_E_INVALID);
    CHECK_STR_CONTAINS(e.message, "geometry declarations in a non-geometry program");
    ir_program_free(&p);
    /* a one-index v# in a geometry program; dcl_gsinstances out of range; stream 4 */
    for (int k = 0; k < 3; k++) {
        ir_program_init(&p, IR_SHADER_GEOMETRY, IR_SOURCE_TPF, 5, 0);
        CHECK_EQ(p.gs_instances, 1);
        p.gs_input = IR_GS_IN_POINT;
        p.gs_output = IR_GS_OUT_POINTLIST;
        p.gs_max_vertices = 1;
        CHECK(ir_program_add_input(&p, IR_FILE_INPUT, 0, 0xf) != NULL);
        CHECK(ir_program_add_output(&p, IR_FILE_OUTPUT, 0, 0xf) != NULL);
        struct ir_instruction *in = ir_program_add_instruction(&p, k == 2 ? IR_OP_EMIT : IR_OP_MOV);
        CHECK(in != NULL);
        if (!in)
            break;
        if (k == 0) {
            in->dst[0] = ir_dst(IR_FILE_OUTPUT, 0, 0xf);
            in->src[0] = ir_src(IR_FILE_INPUT, 0, IR_SWIZZLE_XYZW);
        } else if (k == 1) {
            in->dst[0] = ir_dst(IR_FILE_OUTPUT, 0, 0xf);
            in->src[0] = ir_reg(IR_FILE_INPUT_VERTEX, 0, 0);
            p.gs_instances = 33;
        } else {
            in->stream = 4;
        }
        CHECK_EQ(ir_validate(&p, &e), IR_E_INVALID);
        CHECK_STR_CONTAINS(e.message, k == 0 ? "without a vertex index" :
                                      k == 1 ? "dcl_gsinstances 33" : "stream 4 invalid");
        ir_program_free(&p);
    }
}

/* Several streams decode: each stream's outputs from o0 (the same register in two streams),
 * emit_stream / cut_stream naming theirs, the streams' scalars counted per stream against
 * dcl_maxout (the largest stream's: 2 x 8 here, not 16 x 8). */
TEST(gs_ir_streams)
{
    struct ir_program p;
    char err[300] = "";
    static const char text[] =
        "gs_5_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_inputprimitive point\n"
        "dcl_stream m0\ndcl_outputtopology pointlist\n" GS_OUT "dcl_output o1.xyzw\n"
        "dcl_stream m3\ndcl_outputtopology pointlist\n" GS_OUT "dcl_output o1.x\n"
        "dcl_maxout 128\n"
        "mov o0.xyzw, v[0][0].xyzw\nmov o1.xyzw, l(1.0, 2.0, 3.0, 4.0)\nemit_stream m0\n"
        "mov o1.x, l(5.0)\nemit_stream m3\ncut_stream m3\nemit_then_cut_stream m0\nret\n";
    int ret = gs_decode(text, &p, err, sizeof(err));
    CHECK_EQ(ret, 0);
    if (ret) {
        printf("  %s\n", err);
        return;
    }
    CHECK_EQ(p.gs_streams, 0x9);
    CHECK_EQ(p.gs_output, IR_GS_OUT_POINTLIST);
    CHECK_EQ(p.outputs.count, 4);
    unsigned in3 = 0;
    for (uint32_t i = 0; i < p.outputs.count; i++)
        in3 += p.outputs.items[i].stream == 3;
    CHECK_EQ(in3, 2);
    CHECK_EQ(p.outputs.items[0].stream, 0);
    CHECK_EQ(p.outputs.items[3].stream, 3);
    unsigned emits = 0;
    for (uint32_t i = 0; i < p.instructions.count; i++) {
        const struct ir_instruction *in = &p.instructions.items[i];
        if (in->op == IR_OP_EMIT)
            CHECK_EQ(in->stream, emits++ ? 3 : 0);
        if (in->op == IR_OP_CUT)
            CHECK_EQ(in->stream, 3);
        if (in->op == IR_OP_EMIT_THEN_CUT)
            CHECK_EQ(in->stream, 0);
    }
    CHECK_EQ(emits, 2);
    char *t = ir_print_to_string(&p);
    CHECK(t != NULL);
    if (t) {
        CHECK_STR_CONTAINS(t, "dcl_stream m0\ndcl_stream m3\n");
        CHECK_STR_CONTAINS(t, "dcl_output o1.x // stream m3\n");
        CHECK_STR_CONTAINS(t, "emit_stream m3\n");
        CHECK_STR_CONTAINS(t, "cut_stream m3\n");
    }
    free(t);
    ir_program_free(&p);
    /* 5 output scalars (stream 0's) x 205 > 1024: refused; the sum (6) would refuse 171 */
    char big[700];
    snprintf(big, sizeof(big), "gs_5_0\ndcl_input_siv v[1][0].xyzw, position\n"
             "dcl_inputprimitive point\ndcl_stream m0\ndcl_outputtopology pointlist\n" GS_OUT
             "dcl_output o1.x\ndcl_stream m1\ndcl_outputtopology pointlist\n"
             "dcl_output o0.x\ndcl_maxout %u\nret\n", 171u);
    CHECK_EQ(gs_decode(big, &p, err, sizeof(err)), 0);
    ir_program_free(&p);
    snprintf(big, sizeof(big), "gs_5_0\ndcl_input_siv v[1][0].xyzw, position\n"
             "dcl_inputprimitive point\ndcl_stream m0\ndcl_outputtopology pointlist\n" GS_OUT
             "dcl_output o1.x\ndcl_stream m1\ndcl_outputtopology pointlist\n"
             "dcl_output o0.x\ndcl_maxout %u\nret\n", 205u);
    CHECK(gs_decode(big, &p, err, sizeof(err)) != 0);
    CHECK_STR_CONTAINS(err, "exceeds 1024 scalars");
}

TEST(gs_decoder_refusals)
{
    struct ir_program p;
    char err[300] = "";
    /* the stream rules (the dcl_stream page; How To: Index Multiple Output Streams) */
    static const struct {
        const char *body, *message;
    } streams[] = {
        { "dcl_stream m1\ndcl_stream m1\ndcl_outputtopology pointlist\n" GS_OUT
          "dcl_maxout 1\nemit_stream m1\nret\n", "stream m1 declared twice" },
        { "dcl_outputtopology pointlist\n" GS_OUT "dcl_stream m1\ndcl_outputtopology "
          "pointlist\n" GS_OUT "dcl_maxout 1\nret\n", "the first dcl_stream follows" },
        { "dcl_stream m0\ndcl_outputtopology trianglestrip\n" GS_OUT "dcl_stream m1\n"
          "dcl_outputtopology pointlist\n" GS_OUT "dcl_maxout 3\nret\n",
          "every dcl_outputtopology is pointlist" },
        { "dcl_stream m0\ndcl_outputtopology pointlist\n" GS_OUT "dcl_stream m1\n"
          "dcl_outputtopology linestrip\n" GS_OUT "dcl_maxout 3\nret\n",
          "every dcl_outputtopology is pointlist" },
        { "dcl_stream m1\ndcl_outputtopology pointlist\n" GS_OUT "dcl_maxout 1\n"
          "emit_stream m2\nret\n", "emit on undeclared stream m2" },
        { "dcl_stream m1\ndcl_outputtopology pointlist\n" GS_OUT "dcl_maxout 1\n"
          "emit\nret\n", "emit on undeclared stream m0" },
        { "dcl_stream m0\ndcl_outputtopology pointlist\n" GS_OUT GS_OUT "dcl_maxout 1\n"
          "ret\n", "declared twice" },
    };
    for (unsigned k = 0; k < sizeof(streams) / sizeof(streams[0]); k++) {
        char text[600];
        snprintf(text, sizeof(text), "gs_5_0\ndcl_input_siv v[1][0].xyzw, position\n"
                 "dcl_inputprimitive point\n%s", streams[k].body);
        err[0] = 0;
        CHECK(gs_decode(text, &p, err, sizeof(err)) != 0);
        if (!strstr(err, streams[k].message))
            harness_fail(__FILE__, __LINE__, "case %u: \"%s\" lacks \"%s\"", k, err,
                         streams[k].message);
    }
    /* emit_stream is SM5 */
    CHECK(gs_decode("gs_4_0\ndcl_input_siv v[1][0].xyzw, position\ndcl_inputprimitive point\n"
                    "dcl_outputtopology pointlist\n" GS_OUT "dcl_maxout 1\nemit_stream m0\nret\n",
                    &p, err, sizeof(err)) != 0);
    CHECK_STR_CONTAINS(err, "needs shader model 5.0");
    /* the assembler's own refusals */
    CHECK(gs_decode("gs_4_0\ndcl_inputprimitive quad\nret\n", &p, err, sizeof(err)) != 0);
    CHECK_STR_CONTAINS(err, "unknown input primitive 'quad'");
    CHECK(gs_decode("gs_4_0\ndcl_outputtopology trianglelist\nret\n", &p, err, sizeof(err)) != 0);
    CHECK_STR_CONTAINS(err, "unknown output topology 'trianglelist'");
}

/* Patch input primitives (D3D11.3 spec 11.8.1.1: a GS fed un-tessellated patches): patch1 ..
 * patch32 decode to IR_GS_IN_PATCH_1 + n - 1 with n input vertices, a vertex index past the
 * patch is refused, the printer and the disassembler spell them patch<n>. */
TEST(gs_patch_input_primitives)
{
    struct ir_program p;
    char err[300] = "";
    static const unsigned sizes[] = { 1, 4, 17, 32 };
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        char text[400];
        snprintf(text, sizeof(text),
                 "gs_5_0\ndcl_input_siv v[%u][0].xyzw, position\ndcl_inputprimitive patch%u\n"
                 "dcl_outputtopology pointlist\n" GS_OUT "dcl_maxout 1\n"
                 "mov o0.xyzw, v[%u][0].xyzw\nemit\nret\n", sizes[i], sizes[i], sizes[i] - 1);
        int ret = gs_decode(text, &p, err, sizeof(err));
        if (ret) {
            harness_fail(__FILE__, __LINE__, "patch%u: %d %s", sizes[i], ret, err);
            continue;
        }
        CHECK_EQ(p.gs_input, IR_GS_IN_PATCH_1 + sizes[i] - 1);
        CHECK_EQ(ir_gs_input_vertices(p.gs_input), sizes[i]);
        char *listing = ir_print_to_string(&p);
        char want[32];
        snprintf(want, sizeof(want), "dcl_inputprimitive patch%u\n", sizes[i]);
        CHECK(listing && strstr(listing, want));
        free(listing);
        ir_program_free(&p);
    }
    /* vertex 4 of a patch of 4 */
    CHECK(gs_decode("gs_5_0\ndcl_input_siv v[4][0].xyzw, position\ndcl_inputprimitive patch4\n"
                    "dcl_outputtopology pointlist\n" GS_OUT "dcl_maxout 1\n"
                    "mov o0.xyzw, v[4][0].xyzw\nemit\nret\n", &p, err, sizeof(err)) != 0);
    CHECK_STR_CONTAINS(err, "input vertex 4 of a primitive of 4");
    CHECK(gs_decode("gs_5_0\ndcl_inputprimitive patch33\nret\n", &p, err, sizeof(err)) != 0);
    CHECK_STR_CONTAINS(err, "unknown input primitive 'patch33'");
}

/* ---- the VM ------------------------------------------------------------------------------- */

struct emit_log {
    unsigned n;
    struct { unsigned what, stream; uint32_t lanes; uint32_t o0x[VM_LANES]; } ev[64];
};

static void log_emit(void *ctx, unsigned what, unsigned stream, uint32_t lanes,
                     const vm_reg *outputs)
{
    struct emit_log *g = ctx;
    if (g->n == 64)
        return;
    g->ev[g->n].what = what;
    g->ev[g->n].stream = stream;
    g->ev[g->n].lanes = lanes;
    memcpy(g->ev[g->n].o0x, outputs[0][0], sizeof(g->ev[0].o0x));
    g->n++;
}

/* A triangle program: a loop over the vertices by a relative index, the lanes whose vPrim is
 * odd cut after the first vertex; emit_then_cut at the end. */
#define GS_LOOP                                                                                  \
    "gs_4_0\ndcl_input_siv v[3][0].xyzw, position\ndcl_input vPrim\ndcl_temps 1\n"              \
    "dcl_inputprimitive triangle\ndcl_outputtopology linestrip\n"                              \
    "dcl_output_siv o0.xyzw, position\ndcl_maxout 4\n"                                           \
    "mov r0.x, l(0)\nloop\nige r0.y, r0.x, l(3)\nbreakc_nz r0.y\n"                               \
    "mov o0.xyzw, v[r0.x + 0][0].xyzw\nemit\n"                                                   \
    "and r0.z, vPrim, l(1)\nieq r0.w, r0.x, l(0)\nand r0.z, r0.z, r0.w\nif_nz r0.z\ncut\nendif\n" \
    "iadd r0.x, r0.x, l(1)\nendloop\nmov o0.xyzw, v[0][0].xyzw\nemit_then_cut\nret\n"

static void run_loop(bool jit, struct emit_log *g)
{
    struct ir_program ir;
    char err[300] = "";
    memset(g, 0, sizeof(*g));
    CHECK_EQ(gs_decode(GS_LOOP, &ir, err, sizeof(err)), 0);
    if (err[0]) {
        printf("  %s\n", err);
        return;
    }
    struct vm_program *p = NULL;
    struct vm_state *st = NULL;
    CHECK_EQ(vm_program_create(&ir, &p), VM_OK);
    ir_program_free(&ir);
    CHECK_EQ(vm_state_create(p, &st), VM_OK);
    if (jit) {
        /* with LLVM (the build's default) the blocks around emit/cut are compiled */
        if (!vm_program_jit_now(p) && getenv("SOFTD3D_JIT") == NULL)
            printf("  note: the JIT compiled nothing (built without LLVM?)\n");
    } else
        vm_program_jit_disable(p);
    static vm_reg in[3], prim, out[1];
    for (unsigned v = 0; v < 3; v++)
        for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < VM_LANES; l++)
                in[v][c][l] = 1000 * v + 10 * l + c;
    memset(prim, 0, sizeof(prim));
    for (unsigned l = 0; l < VM_LANES; l++)
        prim[0][l] = l;
    struct vm_env env;
    memset(&env, 0, sizeof(env));
    env.outputs = out;
    env.gs_inputs = in;
    env.gs_primitive_id = &prim;
    env.gs_emit = log_emit;
    env.gs_ctx = g;
    vm_run(p, st, &env, 0x0000ffffu);   /* lanes 0..15 */
    vm_state_destroy(st);
    vm_program_destroy(p);
}

TEST(gs_vm_emit_cut)
{
    struct emit_log a, b;
    run_loop(false, &a);
    /* emit v0; cut (odd lanes); emit v1; emit v2; emit v0; cut */
    CHECK_EQ(a.n, 6);
    CHECK_EQ(a.ev[0].what, VM_GS_EMIT);
    CHECK_EQ(a.ev[0].lanes, 0xffffu);
    CHECK_EQ(a.ev[0].o0x[3], 30);              /* v[0][0].x of lane 3 */
    CHECK_EQ(a.ev[1].what, VM_GS_CUT);
    CHECK_EQ(a.ev[1].lanes, 0xaaaau);          /* the odd vPrim */
    CHECK_EQ(a.ev[2].o0x[3], 1030);            /* v[1][0].x by the relative index */
    CHECK_EQ(a.ev[3].o0x[15], 2150);
    CHECK_EQ(a.ev[4].what, VM_GS_EMIT);
    CHECK_EQ(a.ev[5].what, VM_GS_CUT);
    CHECK_EQ(a.ev[5].lanes, 0xffffu);
    CHECK_EQ(a.ev[5].stream, 0);
    /* the JIT runs the blocks between them and must report the same */
    run_loop(true, &b);
    CHECK_EQ(b.n, a.n);
    CHECK(!memcmp(&a, &b, sizeof(a)));
}
