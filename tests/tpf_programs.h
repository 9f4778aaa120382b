/* tests/tpf_programs.h — a small SM4/SM5 token encoder and the sample programs the tpf tests
 * (test_tpf.c, test_tpf_errors.c) decode, break and cross-check.
 *
 * Token facts as in src/shader/tpf.c's header: opcode token = opcode (bits 0-10) | controls
 * (11-23) | length (24-30, patched by te_end) | extended (31); operand token = component count
 * (0, 1, 2 = four) | selection mode << 2 | mask/swizzle/component << 4 | type << 12 |
 * index dimension << 20 | index representations from bit 22.  Programs are built into a
 * struct enc: te_begin (version + length placeholder), instructions (te_ins ... te_end), and
 * te_finish (patches the length token).
 */
#ifndef SOFTD3D_TESTS_TPF_PROGRAMS_H
#define SOFTD3D_TESTS_TPF_PROGRAMS_H

#include "shader/ir.h"
#include "shader/tpf.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum { T_TEMP = 0, T_INPUT = 1, T_OUTPUT = 2, T_X = 3, T_IMM = 4, T_IMM64 = 5, T_SAMPLER = 6,
       T_RES = 7, T_CB = 8, T_ICB = 9, T_LABEL = 10, T_DEPTH = 12, T_NULL = 13, T_RAST = 14,
       T_OMASK = 15, T_UAV = 30, T_VCOV = 35, T_DEPTH_GE = 38 };
enum { REP_IMM = 0, REP_IMM64 = 1, REP_REL = 2, REP_IMM_REL = 3 };
#define XYZW 0xe4u
#define SWZ(x, y, z, w) ((x) | (y) << 2 | (z) << 4 | (w) << 6)
/* operand token: ncomp code (0, 1, 2 = four), selection mode, mask/swizzle/component bits */
#define OPT(nc, mode, bits, type, dims) \
    ((uint32_t)(nc) | (uint32_t)(mode) << 2 | (uint32_t)(bits) << 4 | (uint32_t)(type) << 12 | \
     (uint32_t)(dims) << 20)
#define REP(k, r) ((uint32_t)(r) << (22 + 3 * (k)))
#define OPC(code, controls) ((uint32_t)(code) | (uint32_t)(controls))
#define SAT_BIT (1u << 13)
#define NZ_BIT (1u << 18)
#define EXT_BIT (1u << 31)

#define RET_FLOAT4 0x5555u /* float in all four components */

struct enc {
    uint32_t t[4096];
    uint32_t n, start;
};

/* program frame and raw tokens */
void te_begin(struct enc *e, unsigned type, unsigned major, unsigned minor);
void te_finish(struct enc *e);
void te_w(struct enc *e, uint32_t v);
void te_ins(struct enc *e, uint32_t opcode_token); /* starts an instruction ... */
void te_end(struct enc *e);                        /* ... and patches its length */
void te_ins0(struct enc *e, uint32_t opc);         /* a whole instruction without operands */

/* operands */
void te_dst(struct enc *e, unsigned type, uint32_t reg, unsigned mask);
void te_src(struct enc *e, unsigned type, uint32_t reg, unsigned swz);
void te_src1(struct enc *e, unsigned type, uint32_t reg, unsigned comp); /* select-1 */
void te_imm1(struct enc *e, uint32_t v);
void te_imm4(struct enc *e, uint32_t x, uint32_t y, uint32_t z, uint32_t ww);
void te_res(struct enc *e, uint32_t reg);
void te_smp(struct enc *e, uint32_t reg);
void te_null(struct enc *e);
void te_label(struct enc *e, uint32_t n);

/* declarations */
void te_dcl_temps(struct enc *e, uint32_t n);
void te_dcl_cb(struct enc *e, uint32_t slot, uint32_t size, bool dynamic);
void te_dcl_sampler(struct enc *e, uint32_t slot, unsigned mode);
void te_dcl_resource(struct enc *e, uint32_t slot, unsigned dim, unsigned samples,
                     uint32_t ret_token);
void te_dcl_reg(struct enc *e, uint32_t opc, unsigned type, uint32_t reg, unsigned mask);
void te_dcl_reg_name(struct enc *e, uint32_t opc, unsigned type, uint32_t reg, unsigned mask,
                     uint32_t name);
void te_dcl_special(struct enc *e, uint32_t opc, unsigned type);

/* sample programs */
void te_build_vs_alu(struct enc *e);  /* vs_4_0: every vertex declaration kind, ALU, indexing */
void te_build_ps_tex(struct enc *e);  /* ps_4_1: pixel declarations, sampling */
void te_build_ps_flow(struct enc *e); /* ps_4_0: every control-flow construct */
/* One instruction of opcode `code` with operands placed by role; false for flow/non-mapped. */
bool te_encode_generic(struct enc *e, unsigned code);
/* ps_5_0 with one instruction of every non-flow opcode accepted by `which` (NULL: all);
 * returns how many. */
unsigned te_build_every_opcode(struct enc *e, bool (*which)(unsigned code));

static inline int te_decode(const struct enc *e, struct ir_program *p, struct tpf_error *err)
{
    return tpf_decode(e->t, 4 * (size_t)e->n, p, err);
}

static inline bool te_zeroed(const struct ir_program *p)
{
    static const struct ir_program zero;
    return !memcmp(p, &zero, sizeof(zero));
}

/* Decode must fail with `code`; the message must contain `needle` and an offset. */
#define CHECK_FAILS(enc, want, needle)                                                        \
    do {                                                                                      \
        struct ir_program p_;                                                                 \
        struct tpf_error e_;                                                                  \
        CHECK_EQ(te_decode(enc, &p_, &e_), want);                                                \
        CHECK_EQ(e_.code, want);                                                              \
        CHECK_STR_CONTAINS(e_.message, "offset 0x");                                          \
        CHECK_STR_CONTAINS(e_.message, needle);                                               \
        CHECK(te_zeroed(&p_));                                                                   \
    } while (0)

#endif /* SOFTD3D_TESTS_TPF_PROGRAMS_H */
