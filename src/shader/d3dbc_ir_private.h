/* src/shader/d3dbc_ir_private.h — what d3dbc_ir.c (the translation, arithmetic, flow control)
 * and d3dbc_ir_tex.c (texture instructions) share.  Not an interface: see d3dbc_ir.h.
 *
 * Temporaries are handed out in three kinds while translating, and renumbered once at the end:
 *   r#       the program's own, IR r0..r(r_count-1) unchanged;
 *   fixed    registers that live across instructions (ps_1_x t#, clamped c#/v#, vPos, vFace,
 *            aL, loop counters, the co-issue buffer): DI_FIXED | n, allocated on first use;
 *   scratch  values inside one d3dbc instruction's expansion: DI_SCRATCH | n, counted from 0
 *            again for every instruction.
 * The final pass maps fixed n to r_count + n and scratch n to r_count + fixed_count + n, in
 * destinations, sources and relative indices alike.  So nothing needs to be known in advance,
 * and code that needs a prologue (clamped inputs, vPos) appends it at the end of the program
 * and rotates it to the front.
 */
#ifndef SOFTD3D_SHADER_D3DBC_IR_PRIVATE_H
#define SOFTD3D_SHADER_D3DBC_IR_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include "shader/d3dbc_ir.h"

#define DI_FIXED 0x40000000u
#define DI_SCRATCH 0x60000000u
#define DI_KIND_MASK 0x60000000u
#define DI_NONE UINT32_MAX
#define DI_MAX_LOOPS 64     /* open loop/rep at once (IR_MAX_NESTING bounds them anyway) */

#if defined(__GNUC__)
#define DI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DI_PRINTF(f, a)
#endif

struct di_loop {
    bool is_loop;            /* loop aL (else rep) */
    uint32_t counter;        /* fixed temp: iterations left */
    uint32_t saved;          /* fixed temp: the enclosing aL (loop only) */
    struct ir_operand step;  /* i#.z, replicated */
};

struct d3dbc_ir {
    const struct d3dbc_program *p;
    struct ir_program *ir;
    struct d3dbc_error *err;
    bool pixel, ps1x, ps14, ps13; /* ps13: ps_1_1..ps_1_3 (t# are texture results) */
    uint16_t ver;
    uint32_t cur;            /* index of the d3dbc instruction being translated */
    size_t offset;           /* its byte offset */
    bool oom;
    struct ir_instruction sink; /* written instead when memory runs out (oom set) */

    /* temporaries */
    uint32_t r_count, fixed_count, scratch_used, scratch_peak;
    uint32_t t_temp[8];      /* ps_1_1..1_3 t# (fixed, DI_NONE until used) */
    uint32_t c_temp[8];      /* ps_1_x c# clamped to [-1, 1] */
    uint32_t v_temp[2];      /* ps < 3_0 v# clamped to [0, 1] */
    uint32_t pos_temp, face_temp, al_temp, pair_temp;

    /* def, defi, defb (pre-pass) */
    uint32_t fdef_set[8];    /* bit per c# */
    uint32_t fdef[256][4];
    uint16_t idef_set, bdef_set;
    uint32_t idef[16][4], bdef[16];
    uint32_t icb_n;          /* vectors of the def table for relative reads (0: none) */

    /* declarations */
    uint8_t in_mask[IR_MAX_INPUTS];    /* declared components per IR input register */
    uint8_t out_mask[IR_MAX_OUTPUTS];
    uint8_t smp_dim[16];     /* enum ir_resource_dim per s#, 0 = not declared */
    bool cb_used[3], cb_dynamic, bumpenv, depth_out, rel_input, rel_output;

    /* flow control */
    struct di_loop loops[DI_MAX_LOOPS];
    uint32_t loop_depth;

    /* co-issue: the first instruction of a pair writes here, copied after the second */
    bool redirect;
    bool pending_copy;
    struct ir_operand copy_dst;
};

/* Errors name the instruction; the return value is code. */
int di_fail(struct d3dbc_ir *d, int code, const char *fmt, ...) DI_PRINTF(3, 4);

/* A new instruction with its offset set (never NULL: the sink when memory runs out). */
struct ir_instruction *di_emit(struct d3dbc_ir *d, enum ir_opcode op);
uint32_t di_scratch(struct d3dbc_ir *d);
uint32_t di_fixed(struct d3dbc_ir *d);

/* Operands (float immediates and swizzle composition: shader/ir.h). */
struct ir_operand di_tdst(uint32_t reg, uint8_t mask);
struct ir_operand di_tsrc(uint32_t reg, uint8_t swizzle);
/* The scalar a replicate-swizzle source names (see d3dbc_ir.c: component w after swizzle). */
struct ir_operand di_scalar(struct ir_operand op);
struct ir_operand di_negate(struct ir_operand op);
/* Emits op [dst, srcs...] and returns it. */
struct ir_instruction *di_op(struct d3dbc_ir *d, enum ir_opcode op, struct ir_operand dst,
                             const struct ir_operand *src, unsigned n);
struct ir_instruction *di_op1(struct d3dbc_ir *d, enum ir_opcode op, struct ir_operand dst,
                              struct ir_operand a);
struct ir_instruction *di_op2(struct d3dbc_ir *d, enum ir_opcode op, struct ir_operand dst,
                              struct ir_operand a, struct ir_operand b);
struct ir_instruction *di_op3(struct d3dbc_ir *d, enum ir_opcode op, struct ir_operand dst,
                              struct ir_operand a, struct ir_operand b, struct ir_operand c);

/* A d3dbc source, read (swizzle and source modifier applied, expanding modifiers the IR lacks
 * into scratch instructions); row is added to the register number (matrix rows). */
int di_src(struct d3dbc_ir *d, const struct d3dbc_param *p, unsigned row,
           struct ir_operand *out);
/* ps_1_x / ps_2_x texture coordinate t# as an IR input (declared on first use). */
struct ir_operand di_texcoord(struct d3dbc_ir *d, unsigned n);
/* ps_1_1..1_3 t# (fixed temp). */
uint32_t di_ttemp(struct d3dbc_ir *d, unsigned n);

/* The result of ins: op [dst, src...] written to ins's destination with its write mask
 * (limited to `limit`), result modifiers (_sat, ps_1_x shift) and predicate.  Goes through a
 * scratch register when the IR op cannot carry them directly. */
int di_write(struct d3dbc_ir *d, const struct d3dbc_instr *ins, enum ir_opcode op,
             const struct ir_operand *src, unsigned n, uint8_t limit);
int di_write_value(struct d3dbc_ir *d, const struct d3dbc_instr *ins, struct ir_operand value,
                   uint8_t limit);
/* Predicate of ins applied to an instruction (no-op when ins is not predicated). */
void di_predicate(struct d3dbc_ir *d, const struct d3dbc_instr *ins, struct ir_instruction *i);
/* p0 component c of a predicate or p0 source (with its '!' as the test). */
struct ir_operand di_pred_src(struct d3dbc_ir *d, const struct d3dbc_param *p);

/* aL (a fixed temporary holding an int); cb# slot's vec4 as an operand (marks it used); a (cmp)
 * b into dst as a mask, cmp one of D3DBC_CMP_* (gt and le swap the operands of lt / ge). */
uint32_t di_al_temp(struct d3dbc_ir *d);
struct ir_operand di_cb(struct d3dbc_ir *d, unsigned slot, uint32_t index);
void di_compare(struct d3dbc_ir *d, unsigned cmp, struct ir_operand dst, struct ir_operand a,
                struct ir_operand b);

/* Flow control (d3dbc_ir_flow.c). */
int di_flow(struct d3dbc_ir *d, const struct d3dbc_instr *ins);
bool di_is_flow(uint16_t opcode);

/* oDepth (declared on first use), mask x. */
struct ir_operand di_depth(struct d3dbc_ir *d);

/* Texture instructions (d3dbc_ir_tex.c): every ps_1_x texture-address instruction, texkill,
 * texld/texldp/texldb/texldd/texldl, bem.  Returns 0, or a di_fail code. */
int di_texture(struct d3dbc_ir *d, const struct d3dbc_instr *ins);
bool di_is_texture(uint16_t opcode);

#endif /* SOFTD3D_SHADER_D3DBC_IR_PRIVATE_H */
