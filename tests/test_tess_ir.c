/* tests/test_tess_ir.c — hull and domain programs (hs_5_0, ds_5_0) in the assembler, the
 * decoder, the IR validator and the VM (issue 16, step 2).
 *
 * A hull program decodes into a container with its phases (D3D11.3 functional spec 10.6):
 * the control-point phase runs one lane per output control point with
 * vOutputControlPointID and v[cp][reg]; an instanced fork phase one lane per instance with
 * vForkInstanceID, writing the edge TessFactors through a relative o# index; the join phase
 * reads the fork phases' outputs as vpc#.  The domain program reads vDomain, vicp[cp][reg]
 * and vpc#.  The validator's rules (10.6, 10.8.4, 10.13, 11.7.15 and the register tables of
 * 10.7-10.9 and 12) are checked by refusals, each with its reason.
 */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "shader/dxbc.h"
#include "shader/ir.h"
#include "shader/shader_asm.h"
#include "shader/tpf.h"
#include "vm/vm.h"

/* Assembles and decodes a listing: 0 and *out, -100 when the assembler refused, else the
 * decoder's code; err gets the message. */
static int tess_decode(const char *text, struct ir_program *out, char *err, size_t size)
{
    void *blob = NULL;
    size_t n = 0;
    err[0] = '\0';
    if (shader_assemble(text, strlen(text), &blob, &n, err, size))
        return -100;
    struct tpf_error terr;
    int ret = tpf_decode_blob(blob, n, 0, out, &terr);
    if (ret)
        snprintf(err, size, "%s", terr.message);
    free(blob);
    return ret;
}

#define HS_DECLS                                                                                \
    "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 3\n"     \
    "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_integer\n"     \
    "dcl_tessellator_output_primitive output_triangle_cw\ndcl_hs_max_tessfactor l(64.0)\n"

/* control points: o0 = v[2 - id][0] + (id, 0, 0, 0) */
#define HS_CP                                                                                   \
    "hs_control_point_phase\ndcl_input vOutputControlPointID\ndcl_input v[3][0].xyzw\n"          \
    "dcl_output o0.xyzw\ndcl_temps 2\n"                                                         \
    "iadd r0.x, l(2), -vOutputControlPointID\nmov r1.xyzw, v[r0.x + 0][0].xyzw\n"               \
    "utof r0.y, vOutputControlPointID\nadd r1.x, r1.x, r0.y\nmov o0.xyzw, r1.xyzw\nret\n"

/* fork x3: edge factor i = cb-free: 2 + i + vocp[i][0].y; join: inside = vpc0 + vpc2 */
#define HS_FORK_JOIN                                                                            \
    "hs_fork_phase\ndcl_hs_fork_phase_instance_count 3\ndcl_input vForkInstanceID\n"            \
    "dcl_input vocp[3][0].xyzw\n"                                                               \
    "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"                                         \
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"                                         \
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"                                         \
    "dcl_temps 1\ndcl_indexRange o0.x 3\n"                                                      \
    "mov r0.x, vForkInstanceID\nutof r0.y, r0.x\nadd r0.y, r0.y, l(2.0)\n"                      \
    "add o[r0.x + 0].x, r0.y, vocp[r0.x + 0][0].y\nret\n"                                       \
    "hs_join_phase\ndcl_input vpc0.x\ndcl_input vpc2.x\n"                                      \
    "dcl_output_siv o3.x, finalTriInsideTessFactor\n"                                           \
    "add o3.x, vpc0.x, vpc2.x\nret\n"

#define DS_PROGRAM                                                                              \
    "ds_5_0\ndcl_input_control_point_count 3\ndcl_tessellator_domain domain_tri\n"             \
    "dcl_input vDomain.xyz\ndcl_input vicp[3][0].xyzw\ndcl_input vpc3.x\n"                      \
    "dcl_output_siv o0.xyzw, position\ndcl_output o1.x\ndcl_temps 1\n"                         \
    "mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw\n"                                             \
    "mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw\n"                                    \
    "mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw\nmov o1.x, vpc3.x\nret\n"

TEST(tess_hull_decodes_into_phases)
{
    struct ir_program hs;
    char err[300];
    int ret = tess_decode(HS_DECLS HS_CP HS_FORK_JOIN, &hs, err, sizeof(err));
    CHECK_EQ(ret, 0);
    if (ret) {
        printf("  %s\n", err);
        return;
    }
    CHECK_EQ(hs.type, IR_SHADER_HULL);
    CHECK_EQ(hs.hs_phase, IR_HS_DECLS);
    CHECK_EQ(hs.tess_domain, 2);
    CHECK_EQ(hs.tess_partitioning, 1);
    CHECK_EQ(hs.tess_primitive, 3);
    CHECK_EQ(hs.tess_input_cp, 3);
    CHECK_EQ(hs.tess_output_cp, 3);
    CHECK(hs.hs_max_tessfactor == 64.0f);
    CHECK_EQ(hs.instructions.count, 0);
    CHECK_EQ(hs.hs_phase_count, 3);
    if (hs.hs_phase_count == 3) {
        CHECK_EQ(hs.hs_phases[0].hs_phase, IR_HS_CONTROL_POINT);
        CHECK_EQ(hs.hs_phases[1].hs_phase, IR_HS_FORK);
        CHECK_EQ(hs.hs_phases[1].hs_instances, 3);
        CHECK_EQ(hs.hs_phases[1].ocp_count, 1);
        CHECK_EQ(hs.hs_phases[2].hs_phase, IR_HS_JOIN);
        CHECK_EQ(hs.hs_phases[2].hs_instances, 1);
        CHECK_EQ(hs.hs_phases[2].pc_count, 3);
        CHECK_EQ(hs.hs_phases[2].outputs.items[0].sysval, IR_SV_TRI_INSIDE);
        CHECK_EQ(hs.hs_phases[1].outputs.items[2].sysval, IR_SV_TRI_EDGE_W0);
        CHECK_EQ(hs.hs_phases[0].tess_input_cp, 3);
    }
    char *text = ir_print_to_string(&hs);
    CHECK(text != NULL);
    if (text) {
        CHECK_STR_CONTAINS(text, "hs_5_0");
        CHECK_STR_CONTAINS(text, "hs_fork_phase");
        CHECK_STR_CONTAINS(text, "vocp[r0.x + 0][0]");
        CHECK_STR_CONTAINS(text, "finalTriInsideTessFactor");
        free(text);
    }
    ir_program_free(&hs);

    struct ir_program ds;
    ret = tess_decode(DS_PROGRAM, &ds, err, sizeof(err));
    CHECK_EQ(ret, 0);
    if (ret) {
        printf("  %s\n", err);
        return;
    }
    CHECK_EQ(ds.type, IR_SHADER_DOMAIN);
    CHECK_EQ(ds.tess_domain, 2);
    CHECK_EQ(ds.tess_input_cp, 3);
    CHECK_EQ(ds.pc_count, 4);
    ir_program_free(&ds);
}

/* Each listing is refused, by the assembler or the decoder, with the reason in the message. */
TEST(tess_refusals)
{
    static const struct {
        const char *text, *why;
    } cases[] = {
        {"hs_5_0\nhs_control_point_phase\nret\n", "hs_decls"},
        {HS_DECLS "hs_control_point_phase\ndcl_input vForkInstanceID\nret\n", "vForkInstanceID"},
        {HS_DECLS "hs_fork_phase\ndcl_input vDomain.xy\nret\n", "vDomain"},
        {HS_DECLS "hs_fork_phase\ndcl_input vpc0.x\nret\n", "vpc"},
        {HS_DECLS "hs_fork_phase\ndcl_hs_fork_phase_instance_count 0\nret\n", "instance count"},
        {HS_DECLS "hs_fork_phase\ndcl_hs_fork_phase_instance_count 129\nret\n", "instance count"},
        {HS_DECLS "hs_join_phase\nret\nhs_fork_phase\nret\n", "out of order"},
        {HS_DECLS "hs_control_point_phase\nret\nhs_control_point_phase\nret\n", "out of order"},
        {HS_DECLS "hs_control_point_phase\ndcl_hs_fork_phase_instance_count 2\nret\n",
         "outside its phase"},
        {HS_DECLS "hs_fork_phase\ndcl_tessellator_domain domain_quad\nret\n", "outside hs_decls"},
        {"hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 3\n"
         "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_integer\n"
         "dcl_tessellator_output_primitive output_line\n", "output_primitive"},
        {"hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 3\n"
         "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_integer\n"
         "dcl_tessellator_output_primitive output_triangle_cw\ndcl_hs_max_tessfactor l(65.0)\n",
         "max_tessfactor"},
        {"hs_5_0\nhs_decls\ndcl_input_control_point_count 0\ndcl_output_control_point_count 3\n"
         "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_integer\n"
         "dcl_tessellator_output_primitive output_triangle_cw\n", "input_control_point_count"},
        /* no control-point phase: the output count must be 0 or the input count (10.6) */
        {"hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 4\n"
         "dcl_tessellator_domain domain_quad\ndcl_tessellator_partitioning partitioning_integer\n"
         "dcl_tessellator_output_primitive output_triangle_cw\nhs_fork_phase\nret\n", "10.6"},
        {HS_DECLS "hs_fork_phase\ndcl_input vocp[3][0].x\ndcl_output o0.x\n"
         "mov o0.x, vocp[3][0].x\nret\n", "vocp[3]"},
        {"ds_5_0\ndcl_input_control_point_count 3\ndcl_input vDomain.xy\nret\n",
         "dcl_tessellator_domain"},
        {"ds_5_0\ndcl_input_control_point_count 3\ndcl_tessellator_domain domain_tri\n"
         "dcl_tessellator_partitioning partitioning_integer\nret\n", "domain program"},
        {"ds_5_0\ndcl_input_control_point_count 3\ndcl_tessellator_domain domain_tri\n"
         "dcl_input vOutputControlPointID\nret\n", "vOutputControlPointID"},
        {"ds_5_0\ndcl_input_control_point_count 3\ndcl_tessellator_domain domain_tri\n"
         "dcl_output o0.x\nmov o0.x, vDomain.x\nret\n", "not declared"},
        {"vs_5_0\nhs_fork_phase\nret\n", "outside a hull"},
        {"vs_5_0\ndcl_tessellator_domain domain_tri\nret\n", "non-hull"},
        {"hs_4_0\nhs_decls\n", "version"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct ir_program p;
        char err[300];
        int ret = tess_decode(cases[i].text, &p, err, sizeof(err));
        if (!ret) {
            ir_program_free(&p);
            harness_fail(__FILE__, __LINE__, "case %zu accepted", i);
            continue;
        }
        if (!strstr(err, cases[i].why))
            harness_fail(__FILE__, __LINE__, "case %zu: \"%s\" does not say \"%s\"", i, err,
                         cases[i].why);
    }
}

static float f(uint32_t u)
{
    float x;
    memcpy(&x, &u, 4);
    return x;
}

static uint32_t u(float x)
{
    uint32_t v;
    memcpy(&v, &x, 4);
    return v;
}

/* Runs one prepared program on `lanes` lanes, interpreted and then compiled where the JIT
 * generates it (jit/jit.h: hull phases and domain programs are compiled too): both runs
 * must write the same outputs bit for bit; the caller checks the values. */
static void run(const struct ir_program *ir, struct vm_env *env, uint32_t lanes)
{
    static vm_reg ref[IR_MAX_OUTPUTS];
    unsigned outputs = 0;
    for (int k = 0; k < 2; k++) {
        struct vm_program *p = NULL;
        struct vm_state *st = NULL;
        CHECK_EQ(vm_program_create(ir, &p), VM_OK);
        if (!p)
            return;
        if (k == 0)
            vm_program_jit_disable(p);
        else
            vm_program_jit_now(p);
        outputs = vm_program_output_count(p);
        CHECK_EQ(vm_state_create(p, &st), VM_OK);
        if (st)
            vm_run(p, st, env, lanes);
        if (k == 0)
            memcpy(ref, env->outputs, outputs * sizeof(vm_reg));
        else
            CHECK(!memcmp(ref, env->outputs, outputs * sizeof(vm_reg)));
        vm_state_destroy(st);
        vm_program_destroy(p);
    }
}

TEST(tess_vm_runs_the_phases_and_the_domain_program)
{
    struct ir_program hs, ds;
    char err[300];
    if (tess_decode(HS_DECLS HS_CP HS_FORK_JOIN, &hs, err, sizeof(err)) ||
        tess_decode(DS_PROGRAM, &ds, err, sizeof(err))) {
        harness_fail(__FILE__, __LINE__, "%s", err);
        return;
    }
    static vm_reg in[3], cp_out[1], ids, pc[4], fork_out[3], join_out[4], ocp[3];
    /* input control point k = (10k, 100 + k, 0, 1) in every lane */
    for (unsigned k = 0; k < 3; k++)
        for (unsigned l = 0; l < VM_LANES; l++) {
            in[k][0][l] = u(10.0f * (float)k);
            in[k][1][l] = u(100.0f + (float)k);
            in[k][2][l] = 0;
            in[k][3][l] = u(1.0f);
        }
    /* control-point phase: lane i is output control point i */
    for (unsigned l = 0; l < VM_LANES; l++)
        ids[0][l] = l;
    struct vm_env env;
    memset(&env, 0, sizeof(env));
    env.gs_inputs = in;
    env.tess_id = &ids;
    env.outputs = cp_out;
    run(&hs.hs_phases[0], &env, 7u);
    for (unsigned i = 0; i < 3; i++) {
        /* o0 = v[2 - i] + (i, 0, 0, 0) */
        CHECK(f(cp_out[0][0][i]) == 10.0f * (float)(2 - i) + (float)i);
        CHECK(f(cp_out[0][1][i]) == 100.0f + (float)(2 - i));
    }
    /* the output control points, as the fork phase sees them (every lane) */
    for (unsigned k = 0; k < 3; k++)
        for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < VM_LANES; l++)
                ocp[k][c][l] = cp_out[0][c][k];
    /* fork x3: lane i is instance i; each writes its own o# (relative index) */
    memset(&env, 0, sizeof(env));
    env.tess_ocp = &ocp[0];
    env.tess_ocp_stride = 1;
    env.tess_id = &ids;
    env.outputs = fork_out;
    run(&hs.hs_phases[1], &env, 7u);
    for (unsigned i = 0; i < 3; i++)
        if (f(fork_out[i][0][i]) != 2.0f + (float)i + 100.0f + (float)(2 - i))
            harness_fail(__FILE__, __LINE__, "fork instance %u wrote %g", i, (double)f(fork_out[i][0][i]));
    /* the patch constants: instance i's o_i */
    for (unsigned r = 0; r < 3; r++)
        for (unsigned l = 0; l < VM_LANES; l++)
            pc[r][0][l] = fork_out[r][0][r];
    memset(&env, 0, sizeof(env));
    env.tess_pc = pc;
    env.tess_pc_count = 3;
    env.outputs = join_out;
    run(&hs.hs_phases[2], &env, 1u);
    CHECK(f(join_out[3][0][0]) == 104.0f + 104.0f);
    pc[3][0][0] = join_out[3][0][0];

    /* domain program: lane 0 at (1, 0, 0) is control point 0, lane 1 at (0.25, 0.25, 0.5) */
    static vm_reg dom, icp[3], ds_out[2];
    memset(dom, 0, sizeof(dom));
    dom[0][0] = u(1.0f);
    dom[0][1] = u(0.25f);
    dom[1][1] = u(0.25f);
    dom[2][1] = u(0.5f);
    for (unsigned k = 0; k < 3; k++)
        for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < VM_LANES; l++)
                icp[k][c][l] = ocp[k][c][0];
    for (unsigned l = 0; l < VM_LANES; l++)
        pc[3][0][l] = join_out[3][0][0];
    memset(&env, 0, sizeof(env));
    env.gs_inputs = icp;
    env.tess_domain = &dom;
    env.tess_pc = pc;
    env.tess_pc_count = 4;
    env.outputs = ds_out;
    run(&ds, &env, 3u);
    CHECK(f(ds_out[0][0][0]) == f(ocp[0][0][0]));
    CHECK(f(ds_out[0][1][0]) == f(ocp[0][1][0]));
    float want = 0.5f * f(ocp[2][1][0]) + (0.25f * f(ocp[0][1][0]) + 0.25f * f(ocp[1][1][0]));
    CHECK(f(ds_out[0][1][1]) == want);
    CHECK(f(ds_out[1][0][1]) == 208.0f);
    /* unbound inputs read 0 */
    memset(&env, 0, sizeof(env));
    env.outputs = ds_out;
    run(&ds, &env, 1u);
    CHECK_EQ(ds_out[0][0][0], 0);
    CHECK_EQ(ds_out[1][0][0], 0);
    ir_program_free(&hs);
    ir_program_free(&ds);
}

/* Hostile hull and domain token streams: every token of the two programs, in turn, replaced by
 * values that break lengths, counts, phase markers and operand types, and every truncation.
 * Each decode either succeeds with a valid program or fails with a message; nothing crashes
 * or leaks (the sanitizer build runs this too). */

static void mutate_all(const char *text)
{
    void *blob = NULL;
    size_t n = 0;
    char err[300];
    if (shader_assemble(text, strlen(text), &blob, &n, err, sizeof(err))) {
        harness_fail(__FILE__, __LINE__, "%s", err);
        return;
    }
    struct dxbc_container c;
    struct dxbc_chunk chunk;
    struct dxbc_error derr;
    if (dxbc_container_open(&c, blob, n, 0, &derr) || !dxbc_container_find(&c, DXBC_TAG_SHEX,
                                                                           &chunk)) {
        harness_fail(__FILE__, __LINE__, "no SHEX chunk");
        free(blob);
        return;
    }
    size_t count = chunk.size / 4;
    uint32_t *tok = malloc(chunk.size);
    memcpy(tok, chunk.data, chunk.size);
    static const uint32_t values[] = { 0, 1, 0xffffffffu, 0x01000071u, 0x01000073u,
                                       0x02000099u, 0x7f000000u, 0x80000000u, 0x0001f893u };
    unsigned ok = 0, refused = 0;
    for (size_t i = 0; i < count; i++)
        for (size_t v = 0; v < sizeof(values) / sizeof(values[0]); v++) {
            uint32_t keep = tok[i];
            tok[i] = values[v];
            struct ir_program p;
            struct tpf_error terr;
            if (tpf_decode(tok, chunk.size, &p, &terr) == 0) {
                ok++;
                ir_program_free(&p);
            } else {
                refused++;
                CHECK(terr.message[0] != '\0');
            }
            tok[i] = keep;
        }
    for (size_t len = 0; len < count; len++) {
        struct ir_program p;
        struct tpf_error terr;
        tok[1] = (uint32_t)len;   /* a program cut short at every token */
        if (tpf_decode(tok, len * 4, &p, &terr) == 0)
            ir_program_free(&p);
    }
    CHECK(refused > 0);
    CHECK(ok + refused == count * (sizeof(values) / sizeof(values[0])));
    free(tok);
    free(blob);
}

TEST(tess_hostile_token_streams)
{
    mutate_all(HS_DECLS HS_CP HS_FORK_JOIN);
    mutate_all(DS_PROGRAM);
}
