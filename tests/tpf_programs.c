/* tests/tpf_programs.c — the encoder and sample programs of tpf_programs.h. */
#include "tpf_programs.h"

#include "shader/ir_eval.h"

#include <stdlib.h>

/* ---- encoder ---------------------------------------------------------------------------------- */

void te_begin(struct enc *e, unsigned type, unsigned major, unsigned minor)
{
    memset(e, 0, sizeof(*e));
    e->t[e->n++] = minor | major << 4 | type << 16;
    e->t[e->n++] = 0; /* length, patched by te_finish */
}

void te_finish(struct enc *e)
{
    e->t[1] = e->n;
}

void te_w(struct enc *e, uint32_t v)
{
    if (e->n >= 4096)
        abort(); /* a test program outgrew the encoder */
    e->t[e->n++] = v;
}

void te_ins(struct enc *e, uint32_t opcode_token)
{
    e->start = e->n;
    te_w(e, opcode_token);
}

void te_end(struct enc *e)
{
    e->t[e->start] |= (e->n - e->start) << 24;
}

/* whole instructions without operands / declarations of one token */
void te_ins0(struct enc *e, uint32_t opc)
{
    te_ins(e, opc);
    te_end(e);
}

void te_dst(struct enc *e, unsigned type, uint32_t reg, unsigned mask)
{
    te_w(e, OPT(2, 0, mask, type, 1));
    te_w(e, reg);
}

void te_src(struct enc *e, unsigned type, uint32_t reg, unsigned swz)
{
    te_w(e, OPT(2, 1, swz, type, 1));
    te_w(e, reg);
}

void te_src1(struct enc *e, unsigned type, uint32_t reg, unsigned comp) /* select-1 */
{
    te_w(e, OPT(2, 2, comp, type, 1));
    te_w(e, reg);
}

void te_imm1(struct enc *e, uint32_t v)
{
    te_w(e, OPT(1, 0, 0, T_IMM, 0));
    te_w(e, v);
}

void te_imm4(struct enc *e, uint32_t x, uint32_t y, uint32_t z, uint32_t ww)
{
    te_w(e, OPT(2, 0, 0, T_IMM, 0));
    te_w(e, x);
    te_w(e, y);
    te_w(e, z);
    te_w(e, ww);
}

void te_res(struct enc *e, uint32_t reg)
{
    te_src(e, T_RES, reg, XYZW);
}

void te_smp(struct enc *e, uint32_t reg)
{
    te_w(e, OPT(0, 0, 0, T_SAMPLER, 1));
    te_w(e, reg);
}

void te_null(struct enc *e)
{
    te_w(e, OPT(0, 0, 0, T_NULL, 0));
}

void te_label(struct enc *e, uint32_t n)
{
    te_w(e, OPT(0, 0, 0, T_LABEL, 1));
    te_w(e, n);
}

/* declarations */
void te_dcl_temps(struct enc *e, uint32_t n)
{
    te_ins(e, 0x68);
    te_w(e, n);
    te_end(e);
}

void te_dcl_cb(struct enc *e, uint32_t slot, uint32_t size, bool dynamic)
{
    te_ins(e, OPC(0x59, dynamic ? 1u << 11 : 0));
    te_w(e, OPT(2, 1, XYZW, T_CB, 2));
    te_w(e, slot);
    te_w(e, size);
    te_end(e);
}

void te_dcl_sampler(struct enc *e, uint32_t slot, unsigned mode)
{
    te_ins(e, OPC(0x5a, mode << 11));
    te_smp(e, slot);
    te_end(e);
}

void te_dcl_resource(struct enc *e, uint32_t slot, unsigned dim, unsigned samples,
                         uint32_t ret_token)
{
    te_ins(e, OPC(0x58, dim << 11 | samples << 16));
    te_w(e, OPT(0, 0, 0, T_RES, 1));
    te_w(e, slot);
    te_w(e, ret_token);
    te_end(e);
}

void te_dcl_reg(struct enc *e, uint32_t opc, unsigned type, uint32_t reg, unsigned mask)
{
    te_ins(e, opc);
    te_dst(e, type, reg, mask);
    te_end(e);
}

void te_dcl_reg_name(struct enc *e, uint32_t opc, unsigned type, uint32_t reg, unsigned mask,
                         uint32_t name)
{
    te_ins(e, opc);
    te_dst(e, type, reg, mask);
    te_w(e, name);
    te_end(e);
}

void te_dcl_special(struct enc *e, uint32_t opc, unsigned type)
{
    te_ins(e, opc);
    te_w(e, OPT(1, 0, 0, type, 0));
    te_end(e);
}

/* ---- sample programs (also the vkd3d cross-check and the fuzz seeds) ---------------------- */

/* vs_4_0 with every vertex declaration kind and a spread of ALU instructions. */
void te_build_vs_alu(struct enc *e)
{
    te_begin(e, 1, 4, 0);
    te_ins0(e, OPC(0x6a, 1u << 11)); /* dcl_globalFlags refactoringAllowed */
    te_ins(e, OPC(0x35, 3u << 11));  /* dcl_immediateConstantBuffer, 2 vectors */
    te_w(e, 10);
    for (uint32_t i = 0; i < 8; i++)
        te_w(e, 0x3f800000u + i);
    te_dcl_cb(e, 0, 8, true);
    te_dcl_cb(e, 2, 4, false);
    te_dcl_reg(e, 0x5f, T_INPUT, 0, 0xf);                    /* dcl_input v0.xyzw */
    te_dcl_reg(e, 0x5f, T_INPUT, 1, 0x3);                    /* dcl_input v1.xy */
    te_dcl_reg_name(e, 0x60, T_INPUT, 2, 0x1, 6);            /* dcl_input_sgv v2.x, vertex_id */
    te_dcl_reg_name(e, 0x67, T_OUTPUT, 0, 0xf, 1);           /* dcl_output_siv o0, position */
    te_dcl_reg(e, 0x65, T_OUTPUT, 1, 0xf);
    te_dcl_reg(e, 0x65, T_OUTPUT, 2, 0xf);
    te_dcl_reg(e, 0x65, T_OUTPUT, 3, 0x7);
    te_ins(e, 0x5b);                                          /* dcl_indexRange o1.xyzw 2 */
    te_dst(e, T_OUTPUT, 1, 0xf);
    te_w(e, 2);
    te_end(e);
    te_dcl_temps(e, 4);
    te_ins(e, 0x69); /* dcl_indexableTemp x0[6], 4 */
    te_w(e, 0);
    te_w(e, 6);
    te_w(e, 4);
    te_end(e);

    /* mul r0.xyzw, v0.xyzw, cb0[r1.x + 2].xyzw  (immediate + relative index) */
    te_ins(e, 0x38);
    te_dst(e, T_TEMP, 0, 0xf);
    te_src(e, T_INPUT, 0, XYZW);
    te_w(e, OPT(2, 1, XYZW, T_CB, 2) | REP(1, REP_IMM_REL));
    te_w(e, 0);
    te_w(e, 2);
    te_src1(e, T_TEMP, 1, 0);
    te_end(e);
    /* mad_sat r1.xy, -|v1.xyxx|, cb2[3].xxxx, l(0.5) : extended operand (abs+neg) */
    te_ins(e, OPC(0x32, SAT_BIT));
    te_dst(e, T_TEMP, 1, 0x3);
    te_w(e, OPT(2, 1, SWZ(0, 1, 0, 0), T_INPUT, 1) | EXT_BIT);
    te_w(e, 1 | 3u << 6);
    te_w(e, 1);
    te_w(e, OPT(2, 1, 0, T_CB, 2));
    te_w(e, 2);
    te_w(e, 3);
    te_imm1(e, 0x3f000000);
    te_end(e);
    /* mov x0[r0.w + 1].xyzw, icb[r0.z + 0].xyzw */
    te_ins(e, 0x36);
    te_w(e, OPT(2, 0, 0xf, T_X, 2) | REP(1, REP_IMM_REL));
    te_w(e, 0);
    te_w(e, 1);
    te_src1(e, T_TEMP, 0, 3);
    te_w(e, OPT(2, 1, XYZW, T_ICB, 1) | REP(0, REP_REL));
    te_src1(e, T_TEMP, 0, 2);
    te_end(e);
    /* dp4 o0.x, r0.xyzw, l(1, 2, 3, 4) */
    te_ins(e, 0x11);
    te_dst(e, T_OUTPUT, 0, 0x1);
    te_src(e, T_TEMP, 0, XYZW);
    te_imm4(e, 0x3f800000, 0x40000000, 0x40400000, 0x40800000);
    te_end(e);
    /* imul null, r2.x, v2.x, l(3) ; udiv r2.y, r2.z, r2.x, l(7) */
    te_ins(e, 0x26);
    te_null(e);
    te_dst(e, T_TEMP, 2, 0x1);
    te_src1(e, T_INPUT, 2, 0);
    te_imm1(e, 3);
    te_end(e);
    te_ins(e, 0x4e);
    te_dst(e, T_TEMP, 2, 0x2);
    te_dst(e, T_TEMP, 2, 0x4);
    te_src1(e, T_TEMP, 2, 0);
    te_imm1(e, 7);
    te_end(e);
    /* sincos r3.x, null, r0.y ; movc r3.yzw, r2.xxxx, r0.xxyz, r1.xxxy */
    te_ins(e, 0x4d);
    te_dst(e, T_TEMP, 3, 0x1);
    te_null(e);
    te_src1(e, T_TEMP, 0, 1);
    te_end(e);
    te_ins(e, 0x37);
    te_dst(e, T_TEMP, 3, 0xe);
    te_src(e, T_TEMP, 2, 0);
    te_src(e, T_TEMP, 0, SWZ(0, 0, 1, 2));
    te_src(e, T_TEMP, 1, SWZ(0, 0, 0, 1));
    te_end(e);
    /* ftoi r2.w, r3.y ; ieq r1.z, r2.w, l(-1) ; itof r1.w, r2.w */
    te_ins(e, 0x1b);
    te_dst(e, T_TEMP, 2, 0x8);
    te_src1(e, T_TEMP, 3, 1);
    te_end(e);
    te_ins(e, 0x20);
    te_dst(e, T_TEMP, 1, 0x4);
    te_src1(e, T_TEMP, 2, 3);
    te_imm1(e, 0xffffffffu);
    te_end(e);
    te_ins(e, 0x2b);
    te_dst(e, T_TEMP, 1, 0x8);
    te_src1(e, T_TEMP, 2, 3);
    te_end(e);
    /* mov o1.xyzw, x0[2].xyzw ; mov o[r2.x + 1].xyzw, r3 ; mov o3.xyz, r1.xyzx */
    te_ins(e, 0x36);
    te_dst(e, T_OUTPUT, 1, 0xf);
    te_w(e, OPT(2, 1, XYZW, T_X, 2));
    te_w(e, 0);
    te_w(e, 2);
    te_end(e);
    te_ins(e, 0x36);
    te_w(e, OPT(2, 0, 0xf, T_OUTPUT, 1) | REP(0, REP_IMM_REL));
    te_w(e, 1);
    te_src1(e, T_TEMP, 2, 0);
    te_src(e, T_TEMP, 3, XYZW);
    te_end(e);
    te_ins(e, 0x36);
    te_dst(e, T_OUTPUT, 3, 0x7);
    te_src(e, T_TEMP, 1, SWZ(0, 1, 2, 0));
    te_end(e);
    te_ins0(e, 0x3e); /* ret */
    te_finish(e);
}

/* ps_4_1 with the pixel declaration kinds and sampling. */
void te_build_ps_tex(struct enc *e)
{
    te_begin(e, 0, 4, 1);
    te_dcl_sampler(e, 0, 0);
    te_dcl_sampler(e, 1, 1);                                   /* mode_comparison */
    te_dcl_resource(e, 0, 3, 0, RET_FLOAT4);                   /* texture2d */
    te_dcl_resource(e, 1, 4, 4, 0x4444);                       /* texture2dms(4), uint */
    te_dcl_resource(e, 2, 6, 0, RET_FLOAT4);                   /* texturecube */
    te_dcl_reg(e, OPC(0x62, 2u << 11), T_INPUT, 1, 0x3);      /* dcl_input_ps linear v1.xy */
    te_dcl_reg(e, OPC(0x62, 4u << 11), T_INPUT, 1, 0xc);      /* linear noperspective v1.zw */
    te_dcl_reg_name(e, OPC(0x64, 4u << 11), T_INPUT, 0, 0xf, 1); /* dcl_input_ps_siv v0, position */
    te_dcl_reg_name(e, OPC(0x63, 1u << 11), T_INPUT, 2, 0x1, 9); /* ps_sgv v2.x, is_front_face */
    te_dcl_reg(e, 0x65, T_OUTPUT, 0, 0xf);
    te_dcl_special(e, 0x65, T_DEPTH);                          /* dcl_output oDepth */
    te_dcl_special(e, 0x65, T_OMASK);                          /* dcl_output oMask */
    te_dcl_temps(e, 3);

    /* sample_aoffimmi(-1,2,0) r0.xyzw, v1.xyxx, t0.xyzw, s0 */
    te_ins(e, OPC(0x45, EXT_BIT));
    te_w(e, 1 | 0xfu << 9 | 2u << 13);
    te_dst(e, T_TEMP, 0, 0xf);
    te_src(e, T_INPUT, 1, SWZ(0, 1, 0, 0));
    te_res(e, 0);
    te_smp(e, 0);
    te_end(e);
    /* sample_c_lz r1.x, v1.xyxx, t0.xxxx, s1, v1.z */
    te_ins(e, 0x47);
    te_dst(e, T_TEMP, 1, 0x1);
    te_src(e, T_INPUT, 1, SWZ(0, 1, 0, 0));
    te_src(e, T_RES, 0, 0);
    te_smp(e, 1);
    te_src1(e, T_INPUT, 1, 2);
    te_end(e);
    /* sample_b, sample_l, sample_d on the cube */
    te_ins(e, 0x4a);
    te_dst(e, T_TEMP, 2, 0xf);
    te_src(e, T_TEMP, 0, XYZW);
    te_res(e, 2);
    te_smp(e, 0);
    te_imm1(e, 0x3f800000);
    te_end(e);
    te_ins(e, 0x48);
    te_dst(e, T_TEMP, 2, 0xf);
    te_src(e, T_TEMP, 0, XYZW);
    te_res(e, 2);
    te_smp(e, 0);
    te_src1(e, T_TEMP, 1, 0);
    te_end(e);
    te_ins(e, 0x49);
    te_dst(e, T_TEMP, 2, 0xf);
    te_src(e, T_TEMP, 0, XYZW);
    te_res(e, 2);
    te_smp(e, 0);
    te_src(e, T_TEMP, 1, XYZW);
    te_src(e, T_TEMP, 2, XYZW);
    te_end(e);
    /* ld_ms r1.xyzw, r0.xyzw, t1.xyzw, l(2) ; resinfo_uint r2, l(0), t0 ; sampleinfo rasterizer */
    te_ins(e, 0x2e);
    te_dst(e, T_TEMP, 1, 0xf);
    te_src(e, T_TEMP, 0, XYZW);
    te_res(e, 1);
    te_imm1(e, 2);
    te_end(e);
    te_ins(e, OPC(0x3d, 2u << 11));
    te_dst(e, T_TEMP, 2, 0xf);
    te_imm1(e, 0);
    te_res(e, 0);
    te_end(e);
    te_ins(e, OPC(0x6f, 1u << 11));
    te_dst(e, T_TEMP, 2, 0x1);
    te_w(e, OPT(2, 1, 0, T_RAST, 0));
    te_end(e);
    /* lod r2.xy, v1.xyxx, t0.xyzw, s0 ; gather4 r1, v1.xyxx, t0.xyzw, s0 */
    te_ins(e, 0x6c);
    te_dst(e, T_TEMP, 2, 0x3);
    te_src(e, T_INPUT, 1, SWZ(0, 1, 0, 0));
    te_res(e, 0);
    te_smp(e, 0);
    te_end(e);
    te_ins(e, 0x6d);
    te_dst(e, T_TEMP, 1, 0xf);
    te_src(e, T_INPUT, 1, SWZ(0, 1, 0, 0));
    te_res(e, 0);
    te_smp(e, 0);
    te_end(e);
    /* deriv_rtx r2.zw, v1.xxxy ; discard_nz v2.x ; mov oDepth, r0.x ; mov oMask, l(3) */
    te_ins(e, 0x0b);
    te_dst(e, T_TEMP, 2, 0xc);
    te_src(e, T_INPUT, 1, SWZ(0, 0, 0, 1));
    te_end(e);
    te_ins(e, OPC(0x0d, NZ_BIT));
    te_src1(e, T_INPUT, 2, 0);
    te_end(e);
    te_ins(e, 0x36);
    te_w(e, OPT(1, 0, 0, T_DEPTH, 0));
    te_src1(e, T_TEMP, 0, 0);
    te_end(e);
    te_ins(e, 0x36);
    te_w(e, OPT(1, 0, 0, T_OMASK, 0));
    te_imm1(e, 3);
    te_end(e);
    te_ins(e, 0x38);
    te_dst(e, T_OUTPUT, 0, 0xf);
    te_src(e, T_TEMP, 0, XYZW);
    te_src(e, T_TEMP, 1, XYZW);
    te_end(e);
    te_ins0(e, 0x3e);
    te_finish(e);
}

/* ps_4_0: every control-flow construct (the links are checked in tpf_control_flow_links). */
void te_build_ps_flow(struct enc *e)
{
    te_begin(e, 0, 4, 0);
    te_dcl_temps(e, 2);
    te_ins(e, 0x36); /* 0 mov r0.xy, l(1, 0, 0, 0) */
    te_dst(e, T_TEMP, 0, 0x3);
    te_imm4(e, 1, 0, 0, 0);
    te_end(e);
    te_ins(e, OPC(0x1f, NZ_BIT)); /* 1 if_nz r0.x */
    te_src1(e, T_TEMP, 0, 0);
    te_end(e);
    te_ins(e, OPC(0x0d, NZ_BIT)); /* 2 discard_nz r0.y */
    te_src1(e, T_TEMP, 0, 1);
    te_end(e);
    te_ins0(e, 0x12);             /* 3 else */
    te_ins0(e, 0x30);             /* 4 loop */
    te_ins(e, 0x03);              /* 5 breakc_z r0.x */
    te_src1(e, T_TEMP, 0, 0);
    te_end(e);
    te_ins(e, 0x4c);              /* 6 switch r0.x */
    te_src1(e, T_TEMP, 0, 0);
    te_end(e);
    te_ins(e, 0x06);              /* 7 case l(1) */
    te_imm1(e, 1);
    te_end(e);
    te_ins(e, 0x06);              /* 8 case l(2) */
    te_imm1(e, 2);
    te_end(e);
    te_ins0(e, 0x02);             /* 9 break */
    te_ins0(e, 0x0a);             /* 10 default */
    te_ins(e, OPC(0x08, NZ_BIT)); /* 11 continuec_nz r0.y */
    te_src1(e, T_TEMP, 0, 1);
    te_end(e);
    te_ins0(e, 0x02);             /* 12 break */
    te_ins0(e, 0x17);             /* 13 endswitch */
    te_ins0(e, 0x07);             /* 14 continue */
    te_ins0(e, 0x16);             /* 15 endloop */
    te_ins0(e, 0x15);             /* 16 endif */
    te_ins(e, OPC(0x05, NZ_BIT)); /* 17 callc_nz r0.x, l1 */
    te_src1(e, T_TEMP, 0, 0);
    te_label(e, 1);
    te_end(e);
    te_ins(e, 0x3f);              /* 18 retc_z r0.y */
    te_src1(e, T_TEMP, 0, 1);
    te_end(e);
    te_ins0(e, 0x3e);             /* 19 ret */
    te_ins(e, 0x2c);              /* 20 label l1 */
    te_label(e, 1);
    te_end(e);
    te_ins(e, 0x04);              /* 21 call l2 */
    te_label(e, 2);
    te_end(e);
    te_ins0(e, 0x3e);             /* 22 ret */
    te_ins(e, 0x2c);              /* 23 label l2 */
    te_label(e, 2);
    te_end(e);
    te_ins(e, 0x36);              /* 24 mov r1.x, l(0) */
    te_dst(e, T_TEMP, 1, 0x1);
    te_imm1(e, 0);
    te_end(e);
    te_ins0(e, 0x3e);             /* 25 ret */
    te_finish(e);
}

/* Operand roles for one generic instruction of opcode `code`, so that every opcode the table
 * maps can be encoded without knowing it by hand: destinations r0 / r1, sources r2.. or the
 * resource / sampler / literal the IR layout asks for. */
bool te_encode_generic(struct enc *e, unsigned code)
{
    const struct tpf_opcode_info *info = tpf_opcode_get(code);
    if (info->kind != TPF_KIND_INSTRUCTION)
        return false;
    const struct ir_op_info *ir = ir_op_get((unsigned)info->ir_op);
    if (ir->flags & (IR_OPF_FLOW | IR_OPF_GEOMETRY | IR_OPF_MEM | IR_OPF_COMPUTE))
        return false;   /* geometry instructions: tests/test_gs.c; compute and memory
                         * instructions: tests/test_vm_compute.c */
    const struct ir_tex_layout *l = ir_tex_layout((unsigned)info->ir_op);
    unsigned op = (unsigned)info->ir_op;
    bool ms = op == IR_OP_LD_MS || op == IR_OP_LD_MS_S || op == IR_OP_SAMPLEINFO ||
              op == IR_OP_SAMPLEPOS;
    te_ins(e, OPC(code, (ir->flags & IR_OPF_TEST) ? NZ_BIT : 0));
    for (unsigned d = 0; d < info->dst_count; d++)
        te_dst(e, T_TEMP, d, 0xf);
    for (unsigned s = 0; s < info->src_count; s++) {
        if (l && (int)s == l->resource)
            te_res(e, ms ? 1 : 0);
        else if (l && (int)s == l->sampler)
            te_smp(e, 0);
        else if (s == 0 && ir_op_is_eval(op))
            te_src(e, T_INPUT, 0, SWZ(0, 1, 2, 3));   /* eval_*: the attribute, v0 */
        else if (s == 1 && !l)
            te_imm4(e, 1, 2, 3, 4);
        else
            te_src(e, T_TEMP, 2 + s % 2, SWZ(s & 3, 1, 2, 3));
    }
    te_end(e);
    return true;
}

/* ps_5_0 with one instruction of every non-flow opcode the decoder maps (filter: which). */
unsigned te_build_every_opcode(struct enc *e, bool (*which)(unsigned code))
{
    unsigned count = 0;
    te_begin(e, 0, 5, 0);
    te_dcl_sampler(e, 0, 0);
    te_dcl_resource(e, 0, 3, 0, RET_FLOAT4);
    te_dcl_resource(e, 1, 4, 8, RET_FLOAT4);
    te_dcl_reg(e, OPC(0x62, 2u << 11), T_INPUT, 0, 0xf);
    te_dcl_reg(e, 0x65, T_OUTPUT, 0, 0xf);
    te_dcl_temps(e, 4);
    for (unsigned code = 0; code < TPF_OPCODE_COUNT; code++)
        if ((!which || which(code)) && te_encode_generic(e, code))
            count++;
    te_ins0(e, 0x3e);
    te_finish(e);
    return count;
}
