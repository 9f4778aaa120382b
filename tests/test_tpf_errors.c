/* tests/test_tpf_errors.c — the SM4/SM5 decoder and the IR validator on broken input: every
 * refusal has its code and a message naming an offset, and nothing is left allocated.  Each
 * case patches one field of a small valid program (tpf_programs.c); the last two cut real
 * programs at every token and flip random bits (2,000 seeded iterations).
 */
#include "harness.h"
#include "tpf_programs.h"

#include <stdlib.h>

static uint64_t rng_state = 0x2545f4914f6cdd1dull;

static uint32_t rng(void) /* xorshift64*, seeded: runs are reproducible */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}


/* ---- malformed input -------------------------------------------------------------------------- */

/* A minimal valid ps_4_0 around one instruction given as raw tokens (length patched). */
static void one_instruction(struct enc *e, unsigned major, const uint32_t *tokens, unsigned n)
{
    te_begin(e, 0, major, 0);
    te_dcl_temps(e, 2);
    te_dcl_cb(e, 0, 4, false);
    te_dcl_sampler(e, 0, 0);
    te_dcl_resource(e, 0, 3, 0, RET_FLOAT4);
    te_dcl_reg(e, 0x65, T_OUTPUT, 0, 0xf);
    te_ins(e, tokens[0]);
    for (unsigned i = 1; i < n; i++)
        te_w(e, tokens[i]);
    te_end(e);
    te_ins0(e, 0x3e);
    te_finish(e);
}

#define ONE(major, ...)                                                                       \
    do {                                                                                      \
        static const uint32_t toks_[] = {__VA_ARGS__};                                        \
        one_instruction(&e, major, toks_, sizeof(toks_) / sizeof(toks_[0]));                  \
    } while (0)

#define R0 OPT(2, 0, 0xf, T_TEMP, 1), 0 /* r0.xyzw as a destination */
#define R1 OPT(2, 1, XYZW, T_TEMP, 1), 1  /* r1.xyzw as a source */

TEST(tpf_header_errors)
{
    struct enc e;
    uint32_t bad[4] = {0x00000040, 2, 0, 0};
    struct ir_program p;
    struct tpf_error err;

    CHECK_EQ(tpf_decode(bad, 7, &p, &err), TPF_E_TRUNCATED);
    CHECK_STR_CONTAINS(err.message, "at offset 0x0");
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), 0); /* an empty program is valid */
    ir_program_free(&p);
    bad[1] = 1;
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), TPF_E_BAD_HEADER);
    CHECK_STR_CONTAINS(err.message, "program length 1 at offset 0x4");
    bad[1] = 3;
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), TPF_E_TRUNCATED);
    bad[1] = 0xffffffff;
    CHECK_EQ(tpf_decode(bad, 16, &p, &err), TPF_E_TRUNCATED);
    bad[1] = 2;
    bad[0] = 0x00020040; /* geometry, without its required declarations */
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), TPF_E_INVALID_PROGRAM);
    CHECK_STR_CONTAINS(err.message, "without a valid dcl_inputprimitive");
    bad[0] = 0x00030050; /* hull 5.0: hs_decls is required (10.6) */
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), TPF_E_BAD_INSTRUCTION);
    CHECK_STR_CONTAINS(err.message, "a hull program must begin with hs_decls");
    bad[0] = 0x00040050; /* domain 5.0 without dcl_tessellator_domain */
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), TPF_E_INVALID_PROGRAM);
    CHECK_STR_CONTAINS(err.message, "no valid dcl_tessellator_domain");
    bad[0] = 0x00030040; /* hull 4.0 */
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), TPF_E_BAD_HEADER);
    bad[0] = 0x00050050; /* compute 5.0 without dcl_thread_group (issue 15) */
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), TPF_E_INVALID_PROGRAM);
    CHECK_STR_CONTAINS(err.message, "compute program without dcl_thread_group");
    bad[0] = 0x00050040; /* cs_4_0 (the 10_x subset) is decoded: here it lacks its group */
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), TPF_E_INVALID_PROGRAM);
    CHECK_STR_CONTAINS(err.message, "compute program without dcl_thread_group");
    bad[0] = 0x00060040;
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), TPF_E_BAD_HEADER);
    bad[0] = 0x00000051;
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), TPF_E_UNSUPPORTED);
    CHECK_STR_CONTAINS(err.message, "5.1");
    bad[0] = 0x00000030;
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), TPF_E_BAD_HEADER);
    bad[0] = 0x00000042;
    CHECK_EQ(tpf_decode(bad, 8, &p, &err), TPF_E_BAD_HEADER);
    /* trailing bytes past the length token are ignored */
    bad[0] = 0x00010040;
    CHECK_EQ(tpf_decode(bad, 15, &p, &err), 0);
    ir_program_free(&p);
    (void)e;
}

TEST(tpf_opcode_errors)
{
    struct enc e;
    ONE(4, 0x6b);
    CHECK_FAILS(&e, TPF_E_UNKNOWN_OPCODE, "unknown opcode 0x6b at offset 0x");
    ONE(4, 0x7ff);
    CHECK_FAILS(&e, TPF_E_UNKNOWN_OPCODE, "unknown opcode 0x7ff");
    ONE(4, 0xeb);
    CHECK_FAILS(&e, TPF_E_UNKNOWN_OPCODE, "unknown opcode 0xeb");
    ONE(4, 0x13);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "emit outside a geometry program");
    ONE(5, 0x71);
    CHECK_FAILS(&e, TPF_E_UNSUPPORTED, "opcode hs_decls (0x71) is not supported (only as a phase");
    ONE(5, 0xbf, R0, R1, R1);
    CHECK_FAILS(&e, TPF_E_UNSUPPORTED, "double precision");
    ONE(5, 0xa5, R0, R1, R1);   /* ld_raw in a pixel program, on a temp (issue 15) */
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "ld_raw: its memory operand must be t#, u# or g#");
    ONE(5, 0xbe);               /* sync without flags */
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "sync without flags");
    ONE(5, 0xd5, R0, R1, R1, R1);
    CHECK_FAILS(&e, TPF_E_UNSUPPORTED, "msad");
    ONE(4, 0x7e, R0, R1, R1, R1, R1); /* gather4_c in 4.0 */
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "gather4_c (0x7e) needs shader model 5.0");
    ONE(4, 0x6c, R0, R1, R1, R1);     /* lod in 4.0 */
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "needs shader model 4.1");

    /* lengths: 0, too short for the operands, longer than the operands, past the end */
    te_begin(&e, 0, 4, 0);
    te_w(&e, 0x3e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "ret (0x3e) with length 0 at offset 0x8");
    te_begin(&e, 0, 4, 0);
    te_dcl_temps(&e, 2);
    te_w(&e, 0x03000036); /* mov of length 3: r0 fits, the source does not */
    te_w(&e, OPT(2, 0, 0xf, T_TEMP, 1));
    te_w(&e, 0);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "ends before its source operand");
    ONE(4, 0x36, R0, R1, 0);
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "leaves 1 tokens unused");
    te_begin(&e, 0, 4, 0);
    te_w(&e, 0x0500003e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_TRUNCATED, "runs past the end of the program");
    /* extended opcode tokens */
    ONE(4, 0x36 | EXT_BIT, 4, R0, R1);
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "unknown extended opcode type 4");
    ONE(4, 0x36 | EXT_BIT, EXT_BIT);
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "ends before its extended opcode token");
    ONE(4, 0x36 | EXT_BIT, 2 | 13u << 6, R0, R1);
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "resource dimension 13");
    ONE(4, 0x36 | EXT_BIT, 1 | 1u << 9, R0, R1); /* offsets on mov: the validator refuses */
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "texel offset");
    ONE(4, 0x3d | 3u << 11, R0, R1, R1);
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "resinfo return type 3");
    /* declarations after code, twice, extended */
    te_begin(&e, 0, 4, 0);
    te_ins0(&e, 0x3e);
    te_dcl_temps(&e, 1);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "dcl_temps after the first instruction");
    te_begin(&e, 0, 4, 0);
    te_dcl_temps(&e, 1);
    te_dcl_temps(&e, 1);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "second dcl_temps");
    te_begin(&e, 0, 4, 0);
    te_ins(&e, 0x68 | EXT_BIT);
    te_w(&e, 0);
    te_w(&e, 1);
    te_end(&e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "extended opcode token");
    te_begin(&e, 1, 4, 0);
    te_dcl_reg(&e, OPC(0x62, 2u << 11), T_INPUT, 0, 0xf);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "dcl_input_ps in a vertex program");
    te_begin(&e, 0, 4, 0);
    te_dcl_reg(&e, 0x5f, T_OUTPUT, 0, 0xf);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "dcl_input cannot declare a register of file 4");
    te_begin(&e, 0, 4, 0);
    te_ins(&e, 0x69);
    te_w(&e, 0);
    te_w(&e, 4);
    te_w(&e, 5);
    te_end(&e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "x0 with 5 components");
}

TEST(tpf_customdata)
{
    struct enc e;
    struct ir_program p;
    struct tpf_error err;
    /* comments and opaque blocks anywhere are skipped; the ICB is a declaration */
    te_begin(&e, 0, 4, 0);
    te_w(&e, 0x35);       /* comment, 4 tokens */
    te_w(&e, 4);
    te_w(&e, 0x41414141);
    te_w(&e, 0);
    te_w(&e, 0x35 | 2u << 11); /* opaque, empty */
    te_w(&e, 2);
    te_ins0(&e, 0x3e);
    te_w(&e, 0x35 | 1u << 11); /* debug info after the code */
    te_w(&e, 3);
    te_w(&e, 0xffffffff);
    te_finish(&e);
    CHECK_EQ(te_decode(&e, &p, &err), 0);
    CHECK_EQ(p.instructions.count, 1);
    ir_program_free(&p);

    te_begin(&e, 0, 4, 0);
    te_w(&e, 0x35);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_TRUNCATED, "customdata block without its length token");
    te_begin(&e, 0, 4, 0);
    te_w(&e, 0x35);
    te_w(&e, 1);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "customdata block of length 1");
    te_begin(&e, 0, 4, 0);
    te_w(&e, 0x35);
    te_w(&e, 0x40000000);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_TRUNCATED, "runs past the end");
    te_begin(&e, 0, 4, 0);
    te_w(&e, 0x35 | 3u << 11);
    te_w(&e, 5);
    te_w(&e, 1);
    te_w(&e, 2);
    te_w(&e, 3);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "not whole vectors");
    te_begin(&e, 0, 4, 0);
    te_w(&e, 0x35 | 3u << 11);
    te_w(&e, 2);
    te_w(&e, 0x35 | 3u << 11);
    te_w(&e, 2);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "second immediate constant buffer");
    te_begin(&e, 0, 4, 0);
    te_ins0(&e, 0x3e);
    te_w(&e, 0x35 | 3u << 11);
    te_w(&e, 2);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "immediate constant buffer after the first");
}

TEST(tpf_operand_errors)
{
    struct enc e;
    ONE(4, 0x36, R0, OPT(3, 0, 0, T_TEMP, 1), 1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "N-component operand");
    ONE(4, 0x36, R0, OPT(2, 3, 0, T_TEMP, 1), 1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "component selection mode 3");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, 43, 1), 1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "unknown operand type 43");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, 0xff, 1), 1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "unknown operand type 255");
    ONE(5, 0x36, R0, OPT(2, 1, XYZW, T_UAV, 1), 1);   /* u# read by mov (issue 15) */
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "u1 is not declared");
    ONE(5, 0x36, R0, OPT(2, 1, XYZW, 40, 0));
    CHECK_FAILS(&e, TPF_E_UNSUPPORTED, "vCycleCounter");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, 11, 0));
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "vPrim (input primitive id) outside a geometry, hull or domain");
    ONE(5, 0x36, R0, OPT(2, 1, XYZW, 37, 0));
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "vGSInstanceID outside a geometry program");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_TEMP, 2), 1, 0);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "r# (temp) with 2 indices (it takes 1)");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_CB, 1), 0);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "with 1 indices (it takes 2)");
    ONE(4, 0x36, R0, OPT(1, 0, 0, T_OMASK, 0));
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "oMask needs shader model 4.1");
    ONE(4, 0x36, OPT(2, 1, XYZW, T_TEMP, 1), 0, R1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "destination operand with a swizzle");
    ONE(4, 0x36, OPT(1, 0, 0, T_IMM, 0), 5, R1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "immediate value as destination operand");
    ONE(4, 0x36, R0, OPT(0, 0, 0, T_IMM, 0));
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "immediate with no components");
    ONE(4, 0x36, R0, OPT(2, 0, 0, T_IMM, 0), 1, 2);
    CHECK_FAILS(&e, TPF_E_BAD_INSTRUCTION, "ends before its immediate value");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_TEMP, 1) | REP(0, 5), 1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "index representation 5");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_TEMP, 1) | REP(0, REP_IMM64), 0, 1);
    CHECK_FAILS(&e, TPF_E_UNSUPPORTED, "64-bit operand index");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_TEMP, 1) | EXT_BIT, 2, 1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "unknown extended operand type 2");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_TEMP, 1) | EXT_BIT, 1 | 4u << 6, 1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "operand modifier 4");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_TEMP, 1) | EXT_BIT, 1 | 3u << 14, 1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "min precision 3");
    /* relative indices: from cb (not a register that can hold one), not one component,
     * nested, with a modifier */
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_CB, 2) | REP(1, REP_REL), 0,
        OPT(2, 2, 0, T_CB, 2), 0, 1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "relative index from register file 5");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_CB, 2) | REP(1, REP_REL), 0,
        OPT(2, 1, SWZ(0, 1, 0, 0), T_TEMP, 1), 1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "does not select one component");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_CB, 2) | REP(1, REP_REL), 0,
        OPT(2, 2, 0, T_X, 2) | REP(1, REP_REL), 0, OPT(2, 2, 0, T_TEMP, 1), 1);
    CHECK_FAILS(&e, TPF_E_UNSUPPORTED, "nested relative addressing");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_CB, 2) | REP(1, REP_REL), 0,
        OPT(2, 2, 0, T_TEMP, 1) | EXT_BIT, 1 | 1u << 6, 1);
    CHECK_FAILS(&e, TPF_E_BAD_OPERAND, "relative index with a modifier");
    /* a replicated swizzle (.yyyy) is accepted as one component; cb0 is immediateIndexed */
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_CB, 2) | REP(1, REP_REL), 0,
        OPT(2, 1, 0x55, T_TEMP, 1), 1);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "relative index into cb0, declared immediateIndexed");
}

/* The validator, through the decoder: well-formed tokens, invalid programs. */
TEST(tpf_validator_catches)
{
    struct enc e;
    ONE(4, 0x36, OPT(2, 0, 0xf, T_TEMP, 1), 2, R1);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "r2 is not declared (dcl_temps 2)");
    ONE(4, 0x36, OPT(2, 0, 0, T_TEMP, 1), 0, R1);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "write mask 0x0 invalid");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_CB, 2), 1, 0);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "cb1 is not declared");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_CB, 2), 0, 4);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "cb0[4] outside its 4 vectors");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_ICB, 1), 0);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "icb[0] outside the 0 declared vectors");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_INPUT, 1), 0);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "v0 outside the 0 declared registers");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_OUTPUT, 1), 0);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "cannot be read");
    ONE(4, 0x36, R0, OPT(2, 1, XYZW, T_X, 2), 0, 0);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "x0 is not declared");
    ONE(4, 0x45, R0, R1, OPT(2, 1, XYZW, T_RES, 1), 1, OPT(0, 0, 0, T_SAMPLER, 1), 0);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "t1 is not declared");
    ONE(4, 0x45, R0, R1, OPT(2, 1, XYZW, T_RES, 1), 0, OPT(0, 0, 0, T_SAMPLER, 1), 3);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "s3 is not declared");
    ONE(4, 0x45, R0, R1, R1, OPT(0, 0, 0, T_SAMPLER, 1), 0);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "source 1 must be a resource");
    ONE(4, 0x1e | SAT_BIT, R0, R1, R1);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "(iadd) at offset 0x");
    ONE(4, 0x12);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "else without a matching if");
    ONE(4, 0x16);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "endloop without a matching loop");
    ONE(4, 0x02);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "break outside a loop or switch");
    ONE(4, 0x07);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "continue outside a loop");
    ONE(4, 0x30);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "loop is never closed");
    ONE(4, 0x06, OPT(1, 0, 0, T_IMM, 0), 1);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "case outside a switch");
    ONE(4, 0x04, OPT(0, 0, 0, T_LABEL, 1), 9);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "call to undefined label l9");
    ONE(4, 0x04, R1);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "source 0 must be a label");
    ONE(4, 0x0b, R0, R1); /* deriv_rtx in a pixel program is fine... */
    struct ir_program p;
    struct tpf_error err;
    CHECK_EQ(te_decode(&e, &p, &err), 0);
    ir_program_free(&p);
    e.t[0] = 0x00010040; /* ...and refused in a vertex program */
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "pixel-only instruction in a vertex program");

    /* switch with code before its first case; label inside an if; recursion; gather on a
     * buffer; overlapping input declarations */
    te_begin(&e, 0, 4, 0);
    te_dcl_temps(&e, 1);
    te_ins(&e, 0x4c);
    te_src1(&e, T_TEMP, 0, 0);
    te_end(&e);
    te_ins0(&e, 0x3e);
    te_ins0(&e, 0x17);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "code between switch and its first case");
    te_begin(&e, 0, 4, 0);
    te_dcl_temps(&e, 1);
    te_ins(&e, 0x1f);
    te_src1(&e, T_TEMP, 0, 0);
    te_end(&e);
    te_ins(&e, 0x2c);
    te_label(&e, 0);
    te_end(&e);
    te_ins0(&e, 0x15);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "label inside an open if");
    te_begin(&e, 0, 4, 0);
    te_ins0(&e, 0x3e);
    te_ins(&e, 0x2c);
    te_label(&e, 0);
    te_end(&e);
    te_ins(&e, 0x04);
    te_label(&e, 1);
    te_end(&e);
    te_ins(&e, 0x2c);
    te_label(&e, 1);
    te_end(&e);
    te_ins(&e, 0x04);
    te_label(&e, 0);
    te_end(&e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "recursive call");
    te_begin(&e, 0, 4, 1);
    te_dcl_temps(&e, 1);
    te_dcl_sampler(&e, 0, 0);
    te_dcl_resource(&e, 0, 1, 0, RET_FLOAT4);
    te_ins(&e, 0x6d);
    te_dst(&e, T_TEMP, 0, 0xf);
    te_src(&e, T_TEMP, 0, XYZW);
    te_res(&e, 0);
    te_smp(&e, 0);
    te_end(&e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "t0 is a buffer, which gather4 cannot access");
    te_begin(&e, 0, 4, 0);
    te_dcl_reg(&e, OPC(0x62, 2u << 11), T_INPUT, 0, 0x3);
    te_dcl_reg(&e, OPC(0x62, 2u << 11), T_INPUT, 0, 0x6);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "components 0x2 declared twice");
    /* relative v# outside an index range */
    te_begin(&e, 0, 4, 0);
    te_dcl_temps(&e, 1);
    te_dcl_reg(&e, OPC(0x62, 2u << 11), T_INPUT, 0, 0xf);
    te_dcl_reg(&e, OPC(0x62, 2u << 11), T_INPUT, 1, 0xf);
    te_ins(&e, 0x36);
    te_dst(&e, T_TEMP, 0, 0xf);
    te_w(&e, OPT(2, 1, XYZW, T_INPUT, 1) | REP(0, REP_IMM_REL));
    te_w(&e, 0);
    te_src1(&e, T_TEMP, 0, 0);
    te_end(&e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "relative v0 outside a declared index range");
    /* nesting deeper than IR_MAX_NESTING */
    te_begin(&e, 0, 4, 0);
    for (int i = 0; i <= IR_MAX_NESTING; i++)
        te_ins0(&e, 0x30);
    for (int i = 0; i <= IR_MAX_NESTING; i++)
        te_ins0(&e, 0x16);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "nested deeper than 64");
    /* temps beyond the limit (the sum of r# and x#) */
    te_begin(&e, 0, 4, 0);
    te_dcl_temps(&e, 4000);
    te_ins(&e, 0x69);
    te_w(&e, 0);
    te_w(&e, 97);
    te_w(&e, 4);
    te_end(&e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "more than 4096 temporary registers");
}

/* Declarations the decoder reads fine and the validator refuses, and the remaining index forms. */
TEST(tpf_declaration_checks)
{
    struct enc e;
    struct ir_program p;
    struct tpf_error err;

    te_begin(&e, 0, 4, 0);
    te_dcl_cb(&e, 1, 4, false);
    te_dcl_cb(&e, 1, 8, false);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "cb1 declared twice");
    te_begin(&e, 0, 4, 0);
    te_dcl_cb(&e, 16, 4, false);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "cb16[4]: slot or size out of range");
    te_begin(&e, 0, 4, 0);
    te_dcl_sampler(&e, 2, 0);
    te_dcl_sampler(&e, 2, 1);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "s2 declared twice");
    te_begin(&e, 0, 4, 0);
    te_dcl_sampler(&e, 0, 3);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "mode 3 out of range");
    te_begin(&e, 0, 4, 0);
    te_dcl_resource(&e, 5, 3, 0, RET_FLOAT4);
    te_dcl_resource(&e, 5, 5, 0, RET_FLOAT4);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "t5 declared twice");
    te_begin(&e, 0, 4, 0);
    te_dcl_resource(&e, 0, 0, 0, RET_FLOAT4);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "t0: dimension 0 not supported");
    te_begin(&e, 0, 4, 0);
    te_dcl_resource(&e, 0, 3, 0, 0x7555);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "t0: return type 7 not supported");
    te_begin(&e, 0, 4, 0);
    te_dcl_resource(&e, 0, 4, 0, RET_FLOAT4); /* texture2dms, sample count 0: unknown, accepted */
    te_dcl_resource(&e, 1, 3, 5, RET_FLOAT4); /* the count bits of a non-MS kind are ignored */
    te_finish(&e);
    CHECK_EQ(te_decode(&e, &p, &err), 0);
    CHECK_EQ(p.resources.items[1].sample_count, 0);
    ir_program_free(&p);
    te_begin(&e, 0, 4, 0);
    te_ins(&e, 0x69);
    te_w(&e, 3);
    te_w(&e, 4);
    te_w(&e, 4);
    te_end(&e);
    te_ins(&e, 0x69);
    te_w(&e, 3);
    te_w(&e, 2);
    te_w(&e, 1);
    te_end(&e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "x3 declared twice");
    te_begin(&e, 0, 4, 0);
    te_ins(&e, 0x69);
    te_w(&e, 0);
    te_w(&e, 0);
    te_w(&e, 4);
    te_end(&e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "x0: size 0, 4 components");
    te_begin(&e, 1, 4, 0);
    te_dcl_special(&e, 0x65, T_DEPTH);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "is pixel-only");
    te_begin(&e, 0, 4, 0);
    te_dcl_special(&e, 0x65, T_DEPTH);
    te_dcl_special(&e, 0x65, T_DEPTH);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "register file 11 declared twice");
    te_begin(&e, 0, 4, 0);
    te_dcl_reg_name(&e, 0x67, T_OUTPUT, 0, 0xf, 23);   /* 11..22: the TessFactors */
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "unknown system value 23");
    te_begin(&e, 0, 4, 0);
    te_dcl_reg(&e, 0x65, T_OUTPUT, 0, 0);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "output mask 0x0 is empty");
    te_begin(&e, 0, 4, 0);
    te_dcl_reg(&e, 0x65, T_OUTPUT, 40, 0xf);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "41 outputs");
    te_begin(&e, 0, 4, 0);
    te_ins0(&e, 0x6a);
    te_ins0(&e, 0x6a);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "second dcl_globalFlags");
    te_begin(&e, 0, 4, 0);
    te_dcl_reg(&e, 0x5f, T_TEMP, 0, 0xf);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "cannot declare a register of file 1");
    te_begin(&e, 0, 4, 0);
    te_ins(&e, 0x59);
    te_w(&e, OPT(2, 1, XYZW, T_CB, 2) | REP(1, REP_REL));
    te_w(&e, 0);
    te_src1(&e, T_TEMP, 0, 0);
    te_end(&e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "relative index in constant buffer register");
    te_begin(&e, 0, 4, 0);
    te_ins(&e, 0x5a);
    te_w(&e, OPT(0, 0, 0, T_SAMPLER, 1) | EXT_BIT);
    te_w(&e, 1 | 1u << 6);
    te_w(&e, 0);
    te_end(&e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_BAD_DECLARATION, "modifier on sampler register");
    /* index ranges: overlapping, and past the declared registers */
    te_begin(&e, 0, 4, 0);
    te_dcl_reg(&e, OPC(0x62, 2u << 11), T_INPUT, 0, 0xf);
    te_ins(&e, 0x5b);
    te_dst(&e, T_INPUT, 0, 0x3);
    te_w(&e, 3);
    te_end(&e);
    te_ins(&e, 0x5b);
    te_dst(&e, T_INPUT, 2, 0x1);
    te_w(&e, 1);
    te_end(&e);
    te_finish(&e);
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "index ranges overlap at register 2");

    /* relative indices from x#[n].c and from v#.c, inside an input index range */
    te_begin(&e, 0, 4, 0);
    te_dcl_reg(&e, OPC(0x62, 2u << 11), T_INPUT, 0, 0xf);
    te_ins(&e, 0x5b);
    te_dst(&e, T_INPUT, 1, 0xf);
    te_w(&e, 3);
    te_end(&e);
    te_dcl_temps(&e, 1);
    te_ins(&e, 0x69);
    te_w(&e, 1);
    te_w(&e, 2);
    te_w(&e, 2);
    te_end(&e);
    te_ins(&e, 0x36); /* mov r0, v[x1[1].y + 1] */
    te_dst(&e, T_TEMP, 0, 0xf);
    te_w(&e, OPT(2, 1, XYZW, T_INPUT, 1) | REP(0, REP_IMM_REL));
    te_w(&e, 1);
    te_w(&e, OPT(2, 2, 1, T_X, 2));
    te_w(&e, 1);
    te_w(&e, 1);
    te_end(&e);
    te_ins(&e, 0x36); /* mov x1[v0.w].xy, r0 */
    te_w(&e, OPT(2, 0, 0x3, T_X, 2) | REP(1, REP_REL));
    te_w(&e, 1);
    te_src1(&e, T_INPUT, 0, 3);
    te_src(&e, T_TEMP, 0, XYZW);
    te_end(&e);
    te_ins0(&e, 0x3e);
    te_finish(&e);
    CHECK_EQ(te_decode(&e, &p, &err), 0);
    if (err.code)
        printf("  %s\n", err.message);
    else {
        CHECK_EQ(p.input_count, 4);
        const struct ir_rel *r = &p.instructions.items[0].src[0].index[0].rel;
        CHECK_EQ(r->file, IR_FILE_INDEXABLE_TEMP);
        CHECK_EQ(r->reg, 1);
        CHECK_EQ(r->element, 1);
        CHECK_EQ(r->component, 1);
        CHECK_EQ(p.instructions.items[1].dst[0].index[1].rel.file, IR_FILE_INPUT);
        char *text = ir_print_to_string(&p);
        CHECK_STR_CONTAINS(text, "mov r0.xyzw, v[x1[1].y + 1].xyzw\n");
        CHECK_STR_CONTAINS(text, "mov x1[v0.w + 0].xy, r0.xyzw\n");
        free(text);
        ir_program_free(&p);
    }
    /* ...a write mask past the array's two components, and a relative x# element past them */
    e.t[e.n - 7] = OPT(2, 0, 0x7, T_X, 2) | REP(1, REP_REL); /* mov's destination token */
    CHECK_FAILS(&e, TPF_E_INVALID_PROGRAM, "write mask 0x7 invalid for this register");
}

/* Cut the program at every token: with the length token left (the stream is shorter than it
 * says) and with the length token following the cut (the last instruction runs past it). */
TEST(tpf_truncation_at_every_token)
{
    struct enc src_[3];
    te_build_vs_alu(&src_[0]);
    te_build_ps_tex(&src_[1]);
    te_build_ps_flow(&src_[2]);
    for (int s = 0; s < 3; s++) {
        const struct enc *full = &src_[s];
        for (uint32_t cut = 0; cut < full->n; cut++) {
            struct enc e = *full;
            struct ir_program p;
            struct tpf_error err;
            /* bytes cut, length token untouched */
            int ret = tpf_decode(e.t, 4 * (size_t)cut, &p, &err);
            CHECK_EQ(ret, TPF_E_TRUNCATED);
            CHECK(te_zeroed(&p));
            if (cut < 2)
                continue;
            /* length token says the cut; the tail may still be a complete prefix */
            e.t[1] = cut;
            ret = tpf_decode(e.t, 4 * (size_t)cut, &p, &err);
            if (ret == 0) {
                ir_program_free(&p);
                continue;
            }
            CHECK(te_zeroed(&p));
            CHECK_STR_CONTAINS(err.message, "offset 0x");
            CHECK(err.offset < 4 * (size_t)cut);
            CHECK(ret == TPF_E_TRUNCATED || ret == TPF_E_INVALID_PROGRAM);
        }
    }
}

TEST(tpf_random_damage_never_crashes)
{
    static const uint32_t nasty[] = {0, 1, 2, 0xf, 0x7f, 0x80000000u, 0xffffffffu, 0x7f000000u};
    struct enc srcs[4], e;
    unsigned accepted = 0, refused = 0;
    te_build_vs_alu(&srcs[0]);
    te_build_ps_tex(&srcs[1]);
    te_build_ps_flow(&srcs[2]);
    te_build_every_opcode(&srcs[3], NULL);
    for (int iter = 0; iter < 2000; iter++) {
        const struct enc *s = &srcs[iter & 3];
        e = *s;
        if (rng() & 1) {
            int flips = 1 + (int)(rng() % 4);
            for (int f = 0; f < flips; f++) {
                uint32_t bit = 64 + rng() % (uint32_t)(32 * (e.n - 2)); /* keep the header */
                e.t[bit / 32] ^= 1u << (bit % 32);
            }
        } else {
            e.t[2 + rng() % (e.n - 2)] = nasty[rng() % 8];
        }
        struct ir_program p;
        struct tpf_error err;
        int ret = te_decode(&e, &p, &err);
        if (ret == 0) {
            accepted++;
            struct ir_error ierr;
            CHECK_EQ(ir_validate(&p, &ierr), 0); /* what the decoder returns stays valid */
            char *text = ir_print_to_string(&p);
            CHECK(text != NULL);
            free(text);
            ir_program_free(&p);
        } else {
            refused++;
            CHECK_EQ(err.code, ret);
            CHECK_STR_CONTAINS(err.message, "offset 0x");
            CHECK(te_zeroed(&p));
        }
    }
    if (getenv("TPF_TEST_VERBOSE"))
        printf("  random damage: %u accepted, %u refused\n", accepted, refused);
    CHECK(accepted > 50);
    CHECK(refused > 500);
}

