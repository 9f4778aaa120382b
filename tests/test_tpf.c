/* tests/test_tpf.c — the SM4/SM5 decoder (src/shader/tpf.c) and the IR (ir.c, ir_print.c).
 *
 * Programs are hand-encoded with the small encoder of tpf_programs.c (token facts as in tpf.c's header:
 * opcode in bits 0-10, length in 24-30; operand token = component count | selection << 2 |
 * mask/swizzle << 4 | type << 12 | index dimension << 20 | representations from bit 22), so
 * every field the decoder reads is one the test chose.  Decoded programs are checked field by
 * field; broken ones for the error code and an offset in the message.  vkd3d_cross_check feeds
 * the same programs, wrapped in signed DXBC containers, and the corpus blobs to vkd3d-compiler
 * 1.2 (VKD3D_SHADER_DEBUG=trace prints each decoded instruction) and compares the opcode names
 * with our printer's; it is skipped when vkd3d-compiler is not installed.
 */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"
#include "shader/dxbc.h"
#include "tpf_programs.h"
#include "vkd3d_trace.h"

#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

/* ---- tables -------------------------------------------------------------------------------- */

TEST(tpf_table_matches_ir)
{
    unsigned mapped = 0, dcls = 0, unsupported = 0;
    for (unsigned code = 0; code < TPF_OPCODE_COUNT; code++) {
        const struct tpf_opcode_info *t = tpf_opcode_get(code);
        if (t->kind == TPF_KIND_INSTRUCTION) {
            const struct ir_op_info *ir = ir_op_get((unsigned)t->ir_op);
            CHECK(ir != NULL);
            if (!ir)
                continue;
            CHECK_EQ(t->dst_count, ir->dst_count);
            CHECK_EQ(t->src_count, ir->src_count);
            mapped++;
        }
        dcls += t->kind == TPF_KIND_DECLARATION;
        unsupported += t->kind == TPF_KIND_UNSUPPORTED;
        if (t->kind != TPF_KIND_UNKNOWN)
            CHECK(t->name != NULL);
    }
    /* facts from the opcode enumeration order, checked at a few anchors */
    CHECK_STR_CONTAINS(tpf_opcode_get(0x36)->name, "mov");
    CHECK_STR_CONTAINS(tpf_opcode_get(0x6a)->name, "dcl_globalFlags");
    CHECK_STR_CONTAINS(tpf_opcode_get(0xde)->name, "gather4_po_c_s");
    CHECK_STR_CONTAINS(tpf_opcode_get(0xea)->name, "check_access_fully_mapped");
    CHECK_EQ(tpf_opcode_get(0x6b)->kind, TPF_KIND_UNKNOWN);  /* reserved after 10.0 */
    CHECK_EQ(tpf_opcode_get(0xda)->kind, TPF_KIND_UNKNOWN);  /* reserved after 11.1 */
    CHECK_EQ(tpf_opcode_get(0x7ff)->kind, TPF_KIND_UNKNOWN);
    CHECK_EQ(tpf_opcode_get(0x35)->kind, TPF_KIND_CUSTOMDATA);
    CHECK_EQ(mapped, 164);   /* emit, cut, emit_then_cut and their _stream forms included;
                              * the 27 memory instructions, bufinfo and sync (issue 15), fcall;
                              * eval_snapped, eval_sample_index, eval_centroid (issue 11); the
                              * tiled forms ld_raw_s, ld_structured_s, ld_uav_typed_s */
    CHECK_EQ(dcls, 40);      /* dcl_inputprimitive/outputtopology/maxout/stream/gsinstances,
                              * the eight tessellation declarations (0x93-0x9a), dcl_thread_group,
                              * _uav_*, _tgsm_*, _resource_raw/structured, dcl_function_body,
                              * _function_table, _interface */
    CHECK_EQ(mapped + dcls + unsupported + 1 /* customdata */ + 4 /* reserved */, 235);
    /* every IR opcode has a name, and every resource opcode a layout naming its resource */
    for (unsigned op = 0; op < IR_OP_COUNT; op++) {
        const struct ir_op_info *i = ir_op_get(op);
        CHECK(i && i->name);
        CHECK(i->dst_count <= IR_MAX_DST && i->src_count <= IR_MAX_SRC);
        if (i && (i->flags & IR_OPF_TEX)) {
            const struct ir_tex_layout *l = ir_tex_layout(op);
            CHECK(l && l->resource >= 0 && l->resource < i->src_count);
            CHECK(l && l->status < i->dst_count);
        }
    }
}

/* ---- decoding ------------------------------------------------------------------------------ */

TEST(tpf_decode_dxbc_fixture)
{
    /* tests/test_dxbc.c's vs fixture: dcl_input v0 / dcl_output_siv o0, position / mov / ret */
    static const uint32_t tokens[] = {0x00010040, 15, 0x0300005f, 0x001010f2, 0, 0x04000067,
                                      0x001020f2, 0, 1, 0x05000036, 0x001020f2, 0, 0x00101e46,
                                      0, 0x0100003e};
    struct ir_program p;
    struct tpf_error err;
    CHECK_EQ(tpf_decode(tokens, sizeof(tokens), &p, &err), 0);
    CHECK_EQ(err.code, 0);
    CHECK_EQ(p.type, IR_SHADER_VERTEX);
    CHECK_EQ(p.major, 4);
    CHECK_EQ(p.minor, 0);
    CHECK_EQ(p.inputs.count, 1);
    CHECK_EQ(p.inputs.items[0].reg, 0);
    CHECK_EQ(p.inputs.items[0].mask, 0xf);
    CHECK_EQ(p.outputs.count, 1);
    CHECK_EQ(p.outputs.items[0].sysval, IR_SV_POSITION);
    CHECK_EQ(p.outputs.items[0].kind, IR_IO_SIV);
    CHECK_EQ(p.instructions.count, 2);
    const struct ir_instruction *mov = &p.instructions.items[0];
    CHECK_EQ(mov->op, IR_OP_MOV);
    CHECK_EQ(mov->offset, 0x24);
    CHECK_EQ(mov->dst[0].file, IR_FILE_OUTPUT);
    CHECK_EQ(mov->dst[0].mask, 0xf);
    CHECK_EQ(mov->src[0].file, IR_FILE_INPUT);
    CHECK_EQ(mov->src[0].swizzle, IR_SWIZZLE_XYZW);
    CHECK_EQ(p.instructions.items[1].op, IR_OP_RET);
    char *text = ir_print_to_string(&p);
    CHECK_STR_CONTAINS(text, "vs_4_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\n"
                             "mov o0.xyzw, v0.xyzw\nret\n");
    free(text);
    ir_program_free(&p);
    CHECK(te_zeroed(&p));
}

TEST(tpf_decode_vertex_program)
{
    struct enc e;
    struct ir_program p;
    struct tpf_error err;
    te_build_vs_alu(&e);
    CHECK_EQ(te_decode(&e, &p, &err), 0);
    if (err.code) {
        printf("  %s\n", err.message);
        return;
    }
    CHECK_EQ(p.global_flags, IR_GLOBAL_REFACTORING_ALLOWED);
    CHECK_EQ(p.icb_size, 2);
    CHECK_EQ(p.icb.items[7], 0x3f800007u);
    CHECK_EQ(p.cbuffers.count, 2);
    CHECK_EQ(p.cbuffers.items[0].size, 8);
    CHECK_EQ(p.cbuffers.items[0].dynamic, 1);
    CHECK_EQ(p.cbuffers.items[1].slot, 2);
    CHECK_EQ(p.cbuffers.items[1].dynamic, 0);
    CHECK_EQ(p.input_count, 3);
    CHECK_EQ(p.inputs.items[2].sysval, IR_SV_VERTEX_ID);
    CHECK_EQ(p.inputs.items[2].kind, IR_IO_SGV);
    CHECK_EQ(p.output_count, 4);
    CHECK_EQ(p.index_ranges.count, 1);
    CHECK_EQ(p.index_ranges.items[0].first, 1);
    CHECK_EQ(p.index_ranges.items[0].count, 2);
    CHECK_EQ(p.temp_count, 4);
    CHECK_EQ(p.indexable_temps.items[0].size, 6);

    const struct ir_instruction *in = p.instructions.items;
    CHECK_EQ(p.instructions.count, 15);
    /* mul r0, v0, cb0[r1.x + 2] */
    CHECK_EQ(in[0].op, IR_OP_MUL);
    CHECK_EQ(in[0].src[1].file, IR_FILE_CONSTANT_BUFFER);
    CHECK_EQ(in[0].src[1].index_count, 2);
    CHECK_EQ(in[0].src[1].index[1].offset, 2);
    CHECK_EQ(in[0].src[1].index[1].rel.file, IR_FILE_TEMP);
    CHECK_EQ(in[0].src[1].index[1].rel.reg, 1);
    CHECK_EQ(in[0].src[1].index[1].rel.component, 0);
    /* mad_sat r1.xy, -|v1.xyxx|, cb2[3].xxxx, l(0.5) */
    CHECK_EQ(in[1].op, IR_OP_MAD);
    CHECK_EQ(in[1].saturate, 1);
    CHECK_EQ(in[1].dst[0].mask, 0x3);
    CHECK_EQ(in[1].src[0].modifiers, IR_MOD_NEG | IR_MOD_ABS);
    CHECK_EQ(in[1].src[0].swizzle, SWZ(0, 1, 0, 0));
    CHECK_EQ(in[1].src[1].swizzle, 0);
    CHECK_EQ(in[1].src[2].file, IR_FILE_IMMEDIATE);
    CHECK_EQ(in[1].src[2].imm_count, 1);
    CHECK_EQ(in[1].src[2].imm[3], 0x3f000000u);
    /* mov x0[r0.w + 1], icb[r0.z + 0] */
    CHECK_EQ(in[2].dst[0].file, IR_FILE_INDEXABLE_TEMP);
    CHECK_EQ(in[2].dst[0].index[1].offset, 1);
    CHECK_EQ(in[2].dst[0].index[1].rel.component, 3);
    CHECK_EQ(in[2].src[0].file, IR_FILE_IMMEDIATE_CB);
    CHECK_EQ(in[2].src[0].index[0].rel.component, 2);
    /* dp4 o0.x, r0, l(1, 2, 3, 4) */
    CHECK_EQ(in[3].op, IR_OP_DP4);
    CHECK_EQ(in[3].src[1].imm_count, 4);
    CHECK_EQ(in[3].src[1].imm[2], 0x40400000u);
    /* imul null, r2.x ; udiv r2.y, r2.z ; sincos r3.x, null */
    CHECK_EQ(in[4].op, IR_OP_IMUL);
    CHECK_EQ(in[4].dst[0].file, IR_FILE_NULL);
    CHECK_EQ(in[4].dst[1].mask, 1);
    CHECK_EQ(in[4].src[0].swizzle, 0);
    CHECK_EQ(in[5].op, IR_OP_UDIV);
    CHECK_EQ(in[5].dst[1].mask, 4);
    CHECK_EQ(in[6].op, IR_OP_SINCOS);
    CHECK_EQ(in[6].dst[1].file, IR_FILE_NULL);
    CHECK_EQ(in[6].src[0].swizzle, SWZ(1, 1, 1, 1));
    CHECK_EQ(in[7].op, IR_OP_MOVC);
    CHECK_EQ(in[7].src_count, 3);
    CHECK_EQ(in[8].op, IR_OP_FTOI);
    CHECK_EQ(in[9].op, IR_OP_IEQ);
    CHECK_EQ(in[10].op, IR_OP_ITOF);
    CHECK_EQ(in[12].dst[0].index[0].rel.file, IR_FILE_TEMP); /* o[r2.x + 1] */
    CHECK_EQ(in[14].op, IR_OP_RET);
    CHECK_EQ(in[3].offset, 4 * (size_t)(in[3].offset / 4)); /* offsets are token aligned */

    char *text = ir_print_to_string(&p);
    CHECK(text != NULL);
    CHECK_STR_CONTAINS(text, "dcl_globalFlags refactoringAllowed\n");
    CHECK_STR_CONTAINS(text, "dcl_constantbuffer cb0[8], dynamicIndexed\n");
    CHECK_STR_CONTAINS(text, "dcl_input_sgv v2.x, vertex_id\n");
    CHECK_STR_CONTAINS(text, "dcl_indexRange o1.xyzw 2\n");
    CHECK_STR_CONTAINS(text, "dcl_indexableTemp x0[6], 4\n");
    CHECK_STR_CONTAINS(text, "mul r0.xyzw, v0.xyzw, cb0[r1.x + 2].xyzw\n");
    CHECK_STR_CONTAINS(text, "mad_sat r1.xy, -|v1.xyxx|, cb2[3].xxxx, l(0.5)\n");
    CHECK_STR_CONTAINS(text, "mov x0[r0.w + 1].xyzw, icb[r0.z + 0].xyzw\n");
    CHECK_STR_CONTAINS(text, "imul null, r2.x, v2.xxxx, l(3)\n");
    CHECK_STR_CONTAINS(text, "ieq r1.z, r2.wwww, l(-1)\n");
    CHECK_STR_CONTAINS(text, "mov o[r2.x + 1].xyzw, r3.xyzw\n");
    free(text);
    ir_program_free(&p);
}

TEST(tpf_decode_pixel_program)
{
    struct enc e;
    struct ir_program p;
    struct tpf_error err;
    te_build_ps_tex(&e);
    CHECK_EQ(te_decode(&e, &p, &err), 0);
    if (err.code) {
        printf("  %s\n", err.message);
        return;
    }
    CHECK_EQ(p.samplers.items[1].mode, IR_SAMPLER_COMPARISON);
    CHECK_EQ(p.resources.count, 3);
    CHECK_EQ(p.resources.items[0].dim, IR_RES_TEXTURE2D);
    CHECK_EQ(p.resources.items[0].return_type[3], IR_RET_FLOAT);
    CHECK_EQ(p.resources.items[1].dim, IR_RES_TEXTURE2DMS);
    CHECK_EQ(p.resources.items[1].sample_count, 4);
    CHECK_EQ(p.resources.items[1].return_type[0], IR_RET_UINT);
    CHECK_EQ(p.inputs.count, 4);
    CHECK_EQ(p.inputs.items[0].interpolation, IR_INTERP_LINEAR);
    CHECK_EQ(p.inputs.items[1].interpolation, IR_INTERP_LINEAR_NOPERSPECTIVE);
    CHECK_EQ(p.inputs.items[1].mask, 0xc);
    CHECK_EQ(p.inputs.items[2].sysval, IR_SV_POSITION);
    CHECK_EQ(p.inputs.items[3].sysval, IR_SV_IS_FRONT_FACE);
    CHECK_EQ(p.inputs.items[3].interpolation, IR_INTERP_CONSTANT);
    CHECK_EQ(p.outputs.items[1].file, IR_FILE_DEPTH_OUT);
    CHECK_EQ(p.outputs.items[2].file, IR_FILE_COVERAGE_OUT);

    const struct ir_instruction *in = p.instructions.items;
    CHECK_EQ(in[0].op, IR_OP_SAMPLE);
    CHECK_EQ(in[0].texel_offset[0], -1);
    CHECK_EQ(in[0].texel_offset[1], 2);
    CHECK_EQ(in[0].texel_offset[2], 0);
    CHECK_EQ(in[0].src[1].file, IR_FILE_RESOURCE);
    CHECK_EQ(in[0].src[2].file, IR_FILE_SAMPLER);
    CHECK_EQ(in[1].op, IR_OP_SAMPLE_C_LZ);
    CHECK_EQ(in[1].src[1].swizzle, 0);
    CHECK_EQ(in[2].op, IR_OP_SAMPLE_B);
    CHECK_EQ(in[3].op, IR_OP_SAMPLE_L);
    CHECK_EQ(in[4].op, IR_OP_SAMPLE_D);
    CHECK_EQ(in[5].op, IR_OP_LD_MS);
    CHECK_EQ(in[6].op, IR_OP_RESINFO);
    CHECK_EQ(in[6].return_type, IR_RETURN_UINT);
    CHECK_EQ(in[7].op, IR_OP_SAMPLEINFO);
    CHECK_EQ(in[7].return_type, IR_RETURN_UINT);
    CHECK_EQ(in[7].src[0].file, IR_FILE_RASTERIZER);
    CHECK_EQ(in[8].op, IR_OP_LOD);
    CHECK_EQ(in[9].op, IR_OP_GATHER4);
    CHECK_EQ(in[10].op, IR_OP_DERIV_RTX);
    CHECK_EQ(in[11].op, IR_OP_DISCARD);
    CHECK_EQ(in[11].test, IR_TEST_NZ);
    CHECK_EQ(in[12].dst[0].file, IR_FILE_DEPTH_OUT);
    CHECK_EQ(in[12].dst[0].mask, IR_MASK_X);
    CHECK_EQ(in[13].dst[0].file, IR_FILE_COVERAGE_OUT);

    char *text = ir_print_to_string(&p);
    CHECK_STR_CONTAINS(text, "ps_4_1\n");
    CHECK_STR_CONTAINS(text, "dcl_sampler s1, mode_comparison\n");
    CHECK_STR_CONTAINS(text, "dcl_resource_texture2dms(4) (uint,uint,uint,uint) t1\n");
    CHECK_STR_CONTAINS(text, "dcl_input_ps linear noperspective v1.zw\n");
    CHECK_STR_CONTAINS(text, "dcl_input_ps_siv linear noperspective v0.xyzw, position\n");
    CHECK_STR_CONTAINS(text, "dcl_input_ps_sgv constant v2.x, is_front_face\n");
    CHECK_STR_CONTAINS(text, "dcl_output oDepth\n");
    CHECK_STR_CONTAINS(text, "sample_aoffimmi(-1,2,0) r0.xyzw, v1.xyxx, t0.xyzw, s0\n");
    CHECK_STR_CONTAINS(text, "resinfo_uint r2.xyzw, l(0), t0.xyzw\n");
    CHECK_STR_CONTAINS(text, "sampleinfo_uint r2.x, rasterizer\n");
    CHECK_STR_CONTAINS(text, "discard_nz v2.xxxx\n");
    CHECK_STR_CONTAINS(text, "mov oDepth, r0.xxxx\n");
    free(text);
    ir_program_free(&p);
}

TEST(tpf_control_flow_links)
{
    static const struct {
        unsigned index, op, link;
    } want[] = {
        {1, IR_OP_IF, 3},         {3, IR_OP_ELSE, 16},       {16, IR_OP_ENDIF, 1},
        {4, IR_OP_LOOP, 15},      {15, IR_OP_ENDLOOP, 4},    {5, IR_OP_BREAKC, 15},
        {6, IR_OP_SWITCH, 7},     {7, IR_OP_CASE, 8},        {8, IR_OP_CASE, 10},
        {10, IR_OP_DEFAULT, 13},  {13, IR_OP_ENDSWITCH, 6},  {9, IR_OP_BREAK, 13},
        {11, IR_OP_CONTINUEC, 15}, {12, IR_OP_BREAK, 13},    {14, IR_OP_CONTINUE, 15},
        {17, IR_OP_CALLC, 20},    {20, IR_OP_LABEL, 23},     {21, IR_OP_CALL, 23},
        {23, IR_OP_LABEL, 26},    {0, IR_OP_MOV, IR_NO_LINK}, {19, IR_OP_RET, IR_NO_LINK},
    };
    struct enc e;
    struct ir_program p;
    struct tpf_error err;
    te_build_ps_flow(&e);
    CHECK_EQ(te_decode(&e, &p, &err), 0);
    if (err.code) {
        printf("  %s\n", err.message);
        return;
    }
    CHECK_EQ(p.instructions.count, 26);
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        const struct ir_instruction *in = &p.instructions.items[want[i].index];
        CHECK_EQ(in->op, want[i].op);
        CHECK_EQ(in->link, want[i].link);
    }
    CHECK_EQ(p.instructions.items[1].test, IR_TEST_NZ);
    CHECK_EQ(p.instructions.items[5].test, IR_TEST_Z);
    CHECK_EQ(p.instructions.items[18].test, IR_TEST_Z);
    CHECK_EQ(p.instructions.items[7].src[0].imm[0], 1);
    char *text = ir_print_to_string(&p);
    CHECK_STR_CONTAINS(text, "if_nz r0.xxxx\ndiscard_nz r0.yyyy\nelse\nloop\nbreakc_z r0.xxxx\n");
    CHECK_STR_CONTAINS(text, "case l(2)\nbreak\ndefault\ncontinuec_nz r0.yyyy\n");
    CHECK_STR_CONTAINS(text, "callc_nz r0.xxxx, l1\nretc_z r0.yyyy\nret\nlabel l1\ncall l2\n");
    free(text);
    ir_program_free(&p);
}

static bool any_opcode(unsigned code)
{
    (void)code;
    return true;
}

TEST(tpf_every_mapped_opcode)
{
    struct enc e;
    struct ir_program p;
    struct tpf_error err;
    unsigned n = te_build_every_opcode(&e, any_opcode);
    CHECK_EQ(te_decode(&e, &p, &err), 0);
    if (err.code) {
        printf("  %s\n", err.message);
        return;
    }
    CHECK_EQ(p.instructions.count, n + 1);
    unsigned k = 0;
    for (unsigned code = 0; code < TPF_OPCODE_COUNT && k < p.instructions.count; code++) {
        const struct tpf_opcode_info *info = tpf_opcode_get(code);
        if (info->kind != TPF_KIND_INSTRUCTION ||
            (ir_op_get((unsigned)info->ir_op)->flags &
             (IR_OPF_FLOW | IR_OPF_GEOMETRY | IR_OPF_MEM | IR_OPF_COMPUTE)))
            continue;
        const struct ir_instruction *in = &p.instructions.items[k++];
        CHECK_EQ(in->op, info->ir_op);
        CHECK_EQ(in->dst_count, info->dst_count);
        CHECK_EQ(in->src_count, info->src_count);
        for (unsigned d = 0; d < in->dst_count; d++) {
            CHECK_EQ(in->dst[d].file, IR_FILE_TEMP);
            CHECK_EQ(in->dst[d].index[0].offset, d);
        }
        const struct ir_tex_layout *l = ir_tex_layout(in->op);
        if (l) {
            CHECK_EQ(in->src[l->resource].file, IR_FILE_RESOURCE);
            if (l->sampler >= 0)
                CHECK_EQ(in->src[l->sampler].file, IR_FILE_SAMPLER);
        }
    }
    /* 125 mapped opcodes (the three eval_* included), of which 18 are control flow (discard
     * is not: it does not nest) */
    CHECK_EQ(n, 125 - 18);
    ir_program_free(&p);
}

TEST(tpf_extended_tokens)
{
    struct enc e;
    struct ir_program p;
    struct tpf_error err;
    te_begin(&e, 0, 5, 0);
    te_dcl_sampler(&e, 0, 0);
    te_dcl_resource(&e, 0, 8, 0, RET_FLOAT4); /* texture2darray */
    te_dcl_temps(&e, 2);
    /* sample_aoffimmi_indexable(7,-8,0)(texture2darray)(float,float,float,uint) r0, r1, t0, s0:
     * three chained extended opcode tokens */
    te_ins(&e, OPC(0x45, EXT_BIT));
    te_w(&e, EXT_BIT | 1 | 7u << 9 | 8u << 13);
    te_w(&e, EXT_BIT | 2 | 8u << 6);
    te_w(&e, 3 | 5u << 6 | 5u << 10 | 5u << 14 | 4u << 18);
    te_dst(&e, T_TEMP, 0, 0xf);
    te_src(&e, T_TEMP, 1, XYZW);
    te_res(&e, 0);
    te_smp(&e, 0);
    te_end(&e);
    /* add r1.x, |r0.x| (min16float), -r0.y : modifier tokens with precision */
    te_ins(&e, 0x00);
    te_w(&e, OPT(2, 0, 1, T_TEMP, 1) | EXT_BIT);
    te_w(&e, 1 | 1u << 14); /* dst: no modifier, min16float */
    te_w(&e, 1);
    te_w(&e, OPT(2, 2, 0, T_TEMP, 1) | EXT_BIT);
    te_w(&e, 1 | 2u << 6 | 1u << 14);
    te_w(&e, 0);
    te_w(&e, OPT(2, 2, 1, T_TEMP, 1) | EXT_BIT);
    te_w(&e, EXT_BIT | 0); /* an empty extended token, chained to a modifier */
    te_w(&e, 1 | 1u << 6);
    te_w(&e, 0);
    te_end(&e);
    /* deriv_rtx_fine r0.xy, r1.xyxx  with precise bits 19-22 = xy */
    te_ins(&e, OPC(0x7b, 3u << 19));
    te_dst(&e, T_TEMP, 0, 0x3);
    te_src(&e, T_TEMP, 1, SWZ(0, 1, 0, 0));
    te_end(&e);
    te_ins0(&e, 0x3e);
    te_finish(&e);
    CHECK_EQ(te_decode(&e, &p, &err), 0);
    if (err.code) {
        printf("  %s\n", err.message);
        return;
    }
    const struct ir_instruction *in = p.instructions.items;
    CHECK_EQ(in[0].texel_offset[0], 7);
    CHECK_EQ(in[0].texel_offset[1], -8);
    CHECK_EQ(in[0].resource_dim, IR_RES_TEXTURE2DARRAY);
    CHECK_EQ(in[0].resource_return[2], IR_RET_FLOAT);
    CHECK_EQ(in[0].resource_return[3], IR_RET_UINT);
    CHECK_EQ(in[1].dst[0].precision, IR_PRECISION_FLOAT16);
    CHECK_EQ(in[1].src[0].modifiers, IR_MOD_ABS);
    CHECK_EQ(in[1].src[1].modifiers, IR_MOD_NEG);
    CHECK_EQ(in[1].src[1].swizzle, SWZ(1, 1, 1, 1));
    CHECK_EQ(in[2].precise_mask, 3);
    char *text = ir_print_to_string(&p);
    CHECK_STR_CONTAINS(text, "sample_aoffimmi_indexable(7,-8,0)(texture2darray)"
                             "(float,float,float,uint) r0.xyzw, r1.xyzw, t0.xyzw, s0\n");
    CHECK_STR_CONTAINS(text, "add r1.x, |r0.xxxx|, -r0.yyyy\n");
    CHECK_STR_CONTAINS(text, "deriv_rtx_fine r0.xy, r1.xyxx // precise(xy)\n");
    free(text);
    ir_program_free(&p);
}

TEST(tpf_tiled_resource_forms)
{
    struct enc e;
    struct ir_program p;
    struct tpf_error err;
    te_begin(&e, 0, 5, 0);
    te_dcl_sampler(&e, 0, 0);
    te_dcl_resource(&e, 0, 3, 0, RET_FLOAT4);
    te_dcl_temps(&e, 3);
    /* sample_d_cl_s r0, r1.x, r2.xyxx, t0, s0, r2.zwzz, r2.zwzz, l(2.0) */
    te_ins(&e, 0xe8);
    te_dst(&e, T_TEMP, 0, 0xf);
    te_dst(&e, T_TEMP, 1, 0x1);
    te_src(&e, T_TEMP, 2, SWZ(0, 1, 0, 0));
    te_res(&e, 0);
    te_smp(&e, 0);
    te_src(&e, T_TEMP, 2, SWZ(2, 3, 2, 2));
    te_src(&e, T_TEMP, 2, SWZ(2, 3, 2, 2));
    te_imm1(&e, 0x40000000);
    te_end(&e);
    /* sample_l_s r0, null, ... ; check_access_fully_mapped r1.y, r1.x */
    te_ins(&e, 0xe4);
    te_dst(&e, T_TEMP, 0, 0xf);
    te_null(&e);
    te_src(&e, T_TEMP, 2, XYZW);
    te_res(&e, 0);
    te_smp(&e, 0);
    te_imm1(&e, 0);
    te_end(&e);
    te_ins(&e, 0xea);
    te_dst(&e, T_TEMP, 1, 0x2);
    te_src1(&e, T_TEMP, 1, 0);
    te_end(&e);
    te_ins0(&e, 0x3e);
    te_finish(&e);
    CHECK_EQ(te_decode(&e, &p, &err), 0);
    if (err.code) {
        printf("  %s\n", err.message);
        return;
    }
    const struct ir_instruction *in = p.instructions.items;
    const struct ir_tex_layout *l = ir_tex_layout(in[0].op);
    CHECK_EQ(in[0].op, IR_OP_SAMPLE_D_CL_S);
    CHECK_EQ(l->status, 1);
    CHECK_EQ(l->clamp, 5);
    CHECK_EQ(in[0].dst[l->status].file, IR_FILE_TEMP);
    CHECK_EQ(in[0].src[l->clamp].imm[0], 0x40000000u);
    CHECK_EQ(in[1].op, IR_OP_SAMPLE_L_S);
    CHECK_EQ(in[1].dst[1].file, IR_FILE_NULL);
    CHECK_EQ(in[2].op, IR_OP_CHECK_ACCESS_FULLY_MAPPED);
    ir_program_free(&p);

    /* the same opcodes are refused in a 4.x program */
    e.t[0] = 0x00000041;
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "needs shader model 5.0");
}

TEST(tpf_blob_entry_and_offsets)
{
    static const uint32_t shdr[] = {0x00000040, 3, 0x0100006b}; /* reserved opcode 0x6b */
    uint8_t blob[256];
    size_t n = 32 + 4 + 8 + sizeof(shdr);
    memset(blob, 0, sizeof(blob));
    uint32_t hdr[] = {DXBC_TAG_DXBC, 0, 0, 0, 0, 1, (uint32_t)n, 1, 36, DXBC_TAG_SHDR,
                      (uint32_t)sizeof(shdr)};
    memcpy(blob, hdr, sizeof(hdr));
    memcpy(blob + 44, shdr, sizeof(shdr));
    dxbc_sign(blob, n);
    struct ir_program p;
    struct tpf_error err;
    CHECK_EQ(tpf_decode_blob(blob, n, 0, &p, &err), TPF_E_UNKNOWN_OPCODE);
    /* the opcode is token 2 of the chunk data at blob offset 44: 44 + 8 = 0x34 */
    CHECK_STR_CONTAINS(err.message, "tpf: unknown opcode 0x6b at offset 0x34");
    CHECK_EQ(err.offset, 0x34);
    CHECK_EQ(tpf_decode(shdr, sizeof(shdr), &p, &err), TPF_E_UNKNOWN_OPCODE);
    CHECK_STR_CONTAINS(err.message, "tpf: unknown opcode 0x6b at offset 0x8");
    blob[50] ^= 1;
    CHECK_EQ(tpf_decode_blob(blob, n, 0, &p, &err), TPF_E_CONTAINER);
    CHECK_STR_CONTAINS(err.message, "checksum");
    CHECK_EQ(tpf_decode_blob(NULL, 0, 0, &p, &err), TPF_E_INVALID_ARG);
    CHECK_EQ(tpf_decode(shdr, sizeof(shdr), NULL, &err), TPF_E_INVALID_ARG);
}

/* The validator on IR built directly: what d3dbc will produce (a0, aL, p0, predication). */
TEST(ir_validate_d3dbc_features)
{
    struct ir_program p;
    struct ir_error err;
    ir_program_init(&p, IR_SHADER_VERTEX, IR_SOURCE_D3DBC, 3, 0);
    p.temp_count = 2;
    p.address_count = 1;
    p.predicate_count = 1;
    p.has_loop_counter = true;
    CHECK(ir_program_add_cbuffer(&p, IR_D3D9_CB_FLOAT, 256) != NULL);
    p.cbuffers.items[0].dynamic = 1;
    CHECK(ir_program_add_output(&p, IR_FILE_OUTPUT, 0, 0xf) != NULL);
    p.outputs.items[0].sysval = IR_SV_POSITION;
    p.outputs.items[0].kind = IR_IO_SIV;
    p.outputs.items[0].usage = 0;
    /* mova: ftoi a0.x, r0.x ; (p0.x) mov o0, c[a0.x + 3] ; setp-like lt p0, r0, r1 */
    struct ir_instruction *i = ir_program_add_instruction(&p, IR_OP_FTOI);
    i->dst[0] = ir_dst(IR_FILE_ADDRESS, 0, IR_MASK_X);
    i->src[0] = ir_src(IR_FILE_TEMP, 0, 0);
    i = ir_program_add_instruction(&p, IR_OP_LT);
    i->dst[0] = ir_dst(IR_FILE_PREDICATE, 0, 0xf);
    i->src[0] = ir_src(IR_FILE_TEMP, 0, IR_SWIZZLE_XYZW);
    i->src[1] = ir_src(IR_FILE_TEMP, 1, IR_SWIZZLE_XYZW);
    i = ir_program_add_instruction(&p, IR_OP_MOV);
    i->pred.active = 1;
    i->pred.negate = 1;
    i->dst[0] = ir_dst(IR_FILE_OUTPUT, 0, 0xf);
    i->src[0] = ir_reg(IR_FILE_CONSTANT_BUFFER, 0, 3);
    i->src[0].index[1].rel.file = IR_FILE_ADDRESS;
    i = ir_program_add_instruction(&p, IR_OP_MOV);
    i->dst[0] = ir_dst(IR_FILE_TEMP, 1, 0x1);
    i->src[0] = ir_reg(IR_FILE_CONSTANT_BUFFER, 0, 0);
    i->src[0].index[1].rel.file = IR_FILE_LOOP_COUNTER;
    i = ir_program_add_instruction(&p, IR_OP_IF);
    i->test = IR_TEST_NZ;
    i->src[0] = ir_src(IR_FILE_PREDICATE, 0, 0);
    ir_program_add_instruction(&p, IR_OP_ENDIF);
    ir_program_add_instruction(&p, IR_OP_RET);
    CHECK_EQ(ir_validate(&p, &err), IR_OK);
    if (err.code)
        printf("  %s\n", err.message);
    char *text = ir_print_to_string(&p);
    CHECK_STR_CONTAINS(text, "vs_3_0\n");
    CHECK_STR_CONTAINS(text, "dcl_output_siv o0.xyzw, position // usage 0, index 0\n");
    CHECK_STR_CONTAINS(text, "(!p0.xxxx) mov o0.xyzw, cb0[a0.x + 3].xyzw\n");
    CHECK_STR_CONTAINS(text, "mov r1.x, cb0[aL.x + 0].xyzw\n");
    free(text);

    /* each feature is refused when its register is not declared */
    p.predicate_count = 0;
    CHECK_EQ(ir_validate(&p, &err), IR_E_INVALID);
    CHECK_STR_CONTAINS(err.message, "p0");
    p.predicate_count = 1;
    p.address_count = 0;
    CHECK_EQ(ir_validate(&p, &err), IR_E_INVALID);
    CHECK_STR_CONTAINS(err.message, "a0 is not declared");
    p.address_count = 1;
    p.has_loop_counter = false;
    CHECK_EQ(ir_validate(&p, &err), IR_E_INVALID);
    CHECK_STR_CONTAINS(err.message, "relative index reads undeclared register 0 of file 18");
    p.has_loop_counter = true;
    /* predication on control flow, a wrong operand count, an unknown opcode */
    p.instructions.items[4].pred.active = 1;
    CHECK_EQ(ir_validate(&p, &err), IR_E_INVALID);
    CHECK_STR_CONTAINS(err.message, "control flow cannot be predicated");
    p.instructions.items[4].pred.active = 0;
    p.instructions.items[0].src_count = 2;
    CHECK_EQ(ir_validate(&p, &err), IR_E_INVALID);
    CHECK_STR_CONTAINS(err.message, "needs 1 and 1");
    p.instructions.items[0].src_count = 1;
    p.instructions.items[0].op = IR_OP_COUNT;
    CHECK_EQ(ir_validate(&p, &err), IR_E_INVALID);
    CHECK_STR_CONTAINS(err.message, "unknown opcode");
    CHECK_EQ(err.instruction, 0);
    p.instructions.items[0].op = IR_OP_FTOI;
    CHECK_EQ(ir_validate(&p, &err), IR_OK);
    ir_program_free(&p);
    CHECK(te_zeroed(&p));
    ir_program_free(&p); /* twice is fine */
}

/* ---- cross-check with vkd3d-compiler ------------------------------------------------------- */

/* Wraps a token stream in a signed DXBC container: empty ISGN and OSGN, then SHDR (SM4) or
 * SHEX (SM5).  Returns the blob size, 0 if it does not fit. */
static size_t wrap_dxbc(const uint32_t *tokens, uint32_t ntok, uint8_t *out, size_t cap)
{
    const uint32_t empty_sig[2] = {0, 8};
    size_t size = 32 + 3 * 4 + 2 * (8 + 8) + 8 + 4 * (size_t)ntok, at = 44;
    if (size > cap)
        return 0;
    memset(out, 0, size);
    uint32_t hdr[8] = {DXBC_TAG_DXBC, 0, 0, 0, 0, 1, (uint32_t)size, 3};
    memcpy(out, hdr, sizeof(hdr));
    uint32_t tags[3] = {DXBC_TAG_ISGN, DXBC_TAG_OSGN,
                        ((tokens[0] >> 4) & 0xf) >= 5 ? DXBC_TAG_SHEX : DXBC_TAG_SHDR};
    for (int c = 0; c < 3; c++) {
        uint32_t len = c < 2 ? 8 : 4 * ntok, off = (uint32_t)at;
        memcpy(out + 32 + 4 * c, &off, 4);
        memcpy(out + at, &tags[c], 4);
        memcpy(out + at + 4, &len, 4);
        memcpy(out + at + 8, c < 2 ? (const void *)empty_sig : (const void *)tokens, len);
        at += 8 + len;
    }
    dxbc_sign(out, size);
    return size;
}

/* Our side: every line of the printer after the version line. */
static void our_names(const struct ir_program *p, struct vkd3d_namelist *l)
{
    char *text = ir_print_to_string(p), *save = NULL;
    l->n = 0;
    if (!text)
        return;
    char *line = strtok_r(text, "\n", &save);
    for (line = strtok_r(NULL, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
        vkd3d_namelist_add(l, line);
    free(text);
}

/* The corpus directory, from the repository root or the build tree. */
static bool find_dir(const char *rel, char *out, size_t size)
{
    char exe[2048];
    ssize_t n;
    snprintf(out, size, "%s", rel);
    if (access(out, R_OK) == 0)
        return true;
    n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) { /* build/tests/test-shader -> ../../ */
            *slash = '\0';
            snprintf(out, size, "%s/../../%s", exe, rel);
            if (access(out, R_OK) == 0)
                return true;
        }
    }
    return false;
}

TEST(tpf_vkd3d_cross_check)
{
    static struct enc progs[4];
    static uint8_t blob[65536];
    struct vkd3d_namelist *ours = malloc(sizeof(*ours)), *theirs = malloc(sizeof(*theirs));
    char path[] = "/tmp/softd3d_tpf_XXXXXX", dir[PATH_MAX];
    unsigned compared = 0, skipped = 0, unknown[64], nunknown;

    if (system("command -v vkd3d-compiler >/dev/null 2>&1") != 0) {
        free(ours);
        free(theirs);
        SKIP("vkd3d-compiler not installed (Debian: apt-get install vkd3d-compiler)");
    }
    int fd = mkstemp(path);
    CHECK(fd >= 0 && ours && theirs);
    if (fd < 0 || !ours || !theirs) {
        free(ours);
        free(theirs);
        return;
    }
    close(fd);

    /* the hand-built programs, wrapped and signed */
    te_build_vs_alu(&progs[0]);
    te_build_ps_tex(&progs[1]);
    te_build_ps_flow(&progs[2]);
    te_build_every_opcode(&progs[3], NULL);
    for (int i = 0; i < 4; i++) {
        size_t n = wrap_dxbc(progs[i].t, progs[i].n, blob, sizeof(blob));
        FILE *f = fopen(path, "wb");
        CHECK(n && f && fwrite(blob, 1, n, f) == n);
        if (f)
            fclose(f);
        struct ir_program p;
        struct tpf_error err;
        CHECK_EQ(tpf_decode_blob(blob, n, 0, &p, &err), 0);
        if (err.code)
            continue;
        our_names(&p, ours);
        ir_program_free(&p);
        CHECK(vkd3d_trace_names(path, theirs, unknown, &nunknown));
        vkd3d_drop_unknown(ours, unknown, nunknown);
        char what[32];
        snprintf(what, sizeof(what), "program %d", i);
        CHECK(vkd3d_same_names(ours, theirs, what));
        compared++;
    }

    /* the DXBC corpus: the blobs we decode */
    if (find_dir("tests/fuzz/corpus/dxbc", dir, sizeof(dir))) {
        DIR *d = opendir(dir);
        struct dirent *de;
        while (d && (de = readdir(d))) {
            char file[PATH_MAX + 256];
            if (!strstr(de->d_name, ".dxbc"))
                continue;
            snprintf(file, sizeof(file), "%s/%s", dir, de->d_name);
            FILE *f = fopen(file, "rb");
            size_t n = f ? fread(blob, 1, sizeof(blob), f) : 0;
            if (f)
                fclose(f);
            struct ir_program p;
            struct tpf_error err;
            int ret = tpf_decode_blob(blob, n, 0, &p, &err);
            if (ret == TPF_E_UNSUPPORTED) { /* e.g. the 5.1 blob */
                skipped++;
                continue;
            }
            CHECK_EQ(ret, 0);
            if (ret) {
                printf("  %s: %s\n", de->d_name, err.message);
                continue;
            }
            our_names(&p, ours);
            ir_program_free(&p);
            CHECK(vkd3d_trace_names(file, theirs, unknown, &nunknown));
            vkd3d_drop_unknown(ours, unknown, nunknown);
            CHECK(vkd3d_same_names(ours, theirs, de->d_name));
            compared++;
        }
        if (d)
            closedir(d);
    }
    unlink(path);
    free(ours);
    free(theirs);
    if (getenv("TPF_TEST_VERBOSE"))
        printf("  vkd3d cross-check: %u programs compared, %u skipped\n", compared, skipped);
    CHECK(compared >= 4);
}
