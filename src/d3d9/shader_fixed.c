/* src/d3d9/shader_fixed.c — the fixed-function stages Direct3D 9 applies after a pixel shader:
 * fog blending and the alpha test, added to a decoded pixel shader as an epilogue (shader.c
 * builds the variants; the layout of the constants is in d3d9_draw.h, D3D9_PS_CB_FIXED).
 *
 * Fog ("Fog Types (Direct3D 9)": "Fog blending is controlled by render states; it is not part
 * of the programmable pixel pipeline"; "An application can implement fog with a vertex shader,
 * and pixel fog simultaneously"):
 *   - vertex fog: the factor is the vertex program's FOG output (a vertex shader's oFog, or
 *     dcl_fog for vs_3_0; the fixed-function vertex program's fog factor), interpolated, and
 *     clamped to [0, 1] ("Fog Register": "Values are clamped between zero and one");
 *   - pixel (table) fog, D3DRS_FOGTABLEMODE EXP / EXP2 / LINEAR: computed per pixel from the
 *     pixel's depth z exactly as the fixed-function pixel program does (ff_ps.c: the profiles
 *     have no D3DPRASTERCAPS_WFOG, so table fog is z-based);
 *   - then C.rgb = f Ci.rgb + (1 - f) Cf.rgb, Cf = D3DRS_FOGCOLOR ("Fog Blending"); alpha
 *     unchanged.  The result is not saturated: the shader's colour keeps its range, the target
 *     format's store clamps as for any shader output.
 *   - ps_3_0 gets none of this (Shader Model 3, "Fog, Depth, and Shading Mode Changes": a
 *     3_0 pixel shader does its own fog); draw.c passes fog 0 for it.
 * Alpha test (D3DRS_ALPHATESTENABLE, ALPHAFUNC, ALPHAREF), after fog (fog leaves alpha alone,
 * so the order does not show): round(saturate(alpha) * 255) compared with the reference, baked
 * in as an immediate (the variant key holds it); a failing pixel is discarded, as in ff_ps.c.
 *
 * Mechanics: every write of o0 (oC0) goes to a temporary instead; the epilogue — built once as
 * a small IR listing with the ff_ir.h emitter — is put where the main program ends: before
 * each ret of the code preceding the first label (subroutines follow the main program in
 * d3dbc), and at its end.  The epilogue then copies the temporary to o0.
 */
#include "d3d9/d3d9_draw.h"

#include <stdlib.h>
#include <string.h>

#include "d3d9/ff_ir.h"

static struct ir_operand fixed_cb(uint32_t idx, uint8_t swz)
{
    struct ir_operand op = ir_reg(IR_FILE_CONSTANT_BUFFER, D3D9_PS_CB_FIXED, idx);
    op.swizzle = swz;
    return op;
}

/* The epilogue into `e` (a scratch program): colour temp t, scratch temps a and a + 1; fog
 * factor input fr, position input pr. */
static void build_epilogue(struct ffb *b, uint32_t t, uint32_t a, uint32_t fr, uint32_t pr,
                           unsigned fog, unsigned func, unsigned ref)
{
    const float log2e = 1.4426950408889634f;
    struct ir_operand f = T(a, XXXX);
    if (fog) {
        struct ir_operand z = V(pr, ZZZZ);
        switch (fog) {
        case 1:
            ffb_sat(E1(b, IR_OP_MOV, R(a, M_X), V(fr, XXXX)));
            break;
        case 1 + D3DFOG_EXP:           /* 1 / e^(z density) = 2^(-z density log2(e)) */
            E2(b, IR_OP_MUL, R(a, M_X), z, fixed_cb(D3D9_PSF_FOG, ZZZZ));
            E2(b, IR_OP_MUL, R(a, M_X), f, F(-log2e));
            ffb_sat(E1(b, IR_OP_EXP, R(a, M_X), f));
            break;
        case 1 + D3DFOG_EXP2:          /* 1 / e^((z density)^2) */
            E2(b, IR_OP_MUL, R(a, M_X), z, fixed_cb(D3D9_PSF_FOG, ZZZZ));
            E2(b, IR_OP_MUL, R(a, M_X), f, f);
            E2(b, IR_OP_MUL, R(a, M_X), f, F(-log2e));
            ffb_sat(E1(b, IR_OP_EXP, R(a, M_X), f));
            break;
        default:                       /* (end - z) / (end - start) */
            E2(b, IR_OP_ADD, R(a, M_X), fixed_cb(D3D9_PSF_FOG, YYYY), NEG(z));
            ffb_sat(E2(b, IR_OP_MUL, R(a, M_X), f, fixed_cb(D3D9_PSF_FOG, WWWW)));
            break;
        }
        /* C = f (Ci - Cf) + Cf */
        E2(b, IR_OP_ADD, R(a + 1, M_XYZ), T(t, XYZW), NEG(fixed_cb(D3D9_PSF_FOG_COLOR, XYZW)));
        E3(b, IR_OP_MAD, R(t, M_XYZ), T(a + 1, XYZW), f, fixed_cb(D3D9_PSF_FOG_COLOR, XYZW));
    }
    if (func) {
        struct ir_operand av = T(a, XXXX), rv = F((float)ref);
        ffb_sat(E1(b, IR_OP_MOV, R(a, M_X), T(t, WWWW)));
        E2(b, IR_OP_MUL, R(a, M_X), av, F(255.0f));
        E1(b, IR_OP_ROUND_NE, R(a, M_X), av);
        switch (func) {
        case D3DCMP_LESS: E2(b, IR_OP_LT, R(a, M_Y), av, rv); break;
        case D3DCMP_EQUAL: E2(b, IR_OP_EQ, R(a, M_Y), av, rv); break;
        case D3DCMP_LESSEQUAL: E2(b, IR_OP_GE, R(a, M_Y), rv, av); break;
        case D3DCMP_GREATER: E2(b, IR_OP_LT, R(a, M_Y), rv, av); break;
        case D3DCMP_NOTEQUAL: E2(b, IR_OP_NE, R(a, M_Y), av, rv); break;
        case D3DCMP_GREATEREQUAL: E2(b, IR_OP_GE, R(a, M_Y), av, rv); break;
        default: E1(b, IR_OP_MOV, R(a, M_Y), ir_imm1(0)); break;      /* NEVER */
        }
        struct ir_instruction *ins = ir_program_add_instruction(b->p, IR_OP_DISCARD);
        if (!ins) {
            b->oom = true;
            return;
        }
        ins->src[0] = T(a, YYYY);
        ins->test = IR_TEST_Z;
    }
    E1(b, IR_OP_MOV, O(0, M_ALL), T(t, XYZW));
}

int d3d9_shader_add_epilogue(struct ir_program *ir, unsigned fog, unsigned func, unsigned ref)
{
    bool writes = false;
    for (uint32_t i = 0; i < ir->outputs.count; i++)
        writes |= ir->outputs.items[i].file == IR_FILE_OUTPUT && ir->outputs.items[i].reg == 0;
    if (!writes || (!fog && !func))
        return IR_OK;      /* no colour: nothing to fog or test */
    uint32_t t = ir->temp_count, a = ir->temp_count + 1;
    ir->temp_count += 3;
    if (ir->temp_count > IR_MAX_TEMPS)
        return IR_E_INVALID;
    /* the fog inputs go after the shader's own registers */
    uint32_t fr = ir->input_count, pr = ir->input_count + 1;
    if (fog) {
        struct ir_io_decl *d;
        if (pr >= IR_MAX_INPUTS)
            return IR_E_INVALID;
        if (fog == 1) {
            if (!(d = ir_program_add_input(ir, IR_FILE_INPUT, fr, M_X)))
                return IR_E_NOMEM;
            d->interpolation = IR_INTERP_LINEAR;
            d->usage = D3DDECLUSAGE_FOG;
            d->usage_index = 0;
        } else {
            if (!(d = ir_program_add_input(ir, IR_FILE_INPUT, pr, M_ALL)))
                return IR_E_NOMEM;
            d->interpolation = IR_INTERP_LINEAR_NOPERSPECTIVE;
            d->sysval = IR_SV_POSITION;
            d->kind = IR_IO_SIV;
            d->usage = D3DDECLUSAGE_POSITION;
        }
        if (!ir_program_add_cbuffer(ir, D3D9_PS_CB_FIXED, D3D9_PSF_SIZE))
            return IR_E_NOMEM;
    }

    struct ir_program epi;
    struct ffb b = { .p = &epi, .oom = false };
    ir_program_init(&epi, IR_SHADER_PIXEL, IR_SOURCE_FIXED_FUNCTION, 2, 0);
    build_epilogue(&b, t, a, fr, pr, fog, func, ref);
    if (b.oom) {
        ir_program_free(&epi);
        return IR_E_NOMEM;
    }
    uint32_t ne = epi.instructions.count;

    uint32_t count = ir->instructions.count, main_end = count;
    for (uint32_t i = 0; i < count; i++) {
        struct ir_instruction *ins = &ir->instructions.items[i];
        if (ins->op == IR_OP_LABEL && main_end == count)
            main_end = i;
        for (unsigned k = 0; k < ins->dst_count && k < IR_MAX_DST; k++) {
            struct ir_operand *d = &ins->dst[k];
            if (d->file == IR_FILE_OUTPUT && d->index[0].offset == 0 &&
                d->index[0].rel.file == IR_FILE_NULL) {
                d->file = IR_FILE_TEMP;
                d->index_count = 1;
                d->index[0].offset = t;
            }
        }
    }
    size_t sites = 0;
    for (uint32_t i = 0; i < main_end; i++)
        sites += ir->instructions.items[i].op == IR_OP_RET;
    bool tail = !main_end || ir->instructions.items[main_end - 1].op != IR_OP_RET;
    sites += tail;
    size_t total = count + sites * ne;
    struct ir_instruction *out = malloc(sizeof(*out) * total);
    if (!out) {
        ir_program_free(&epi);
        return IR_E_NOMEM;
    }
    size_t n = 0;
    for (uint32_t i = 0; i <= count; i++) {
        bool at_end = i == main_end && tail;
        bool at_ret = i < main_end && ir->instructions.items[i].op == IR_OP_RET;
        if (at_end || at_ret) {
            memcpy(out + n, epi.instructions.items, sizeof(*out) * ne);
            n += ne;
        }
        if (i < count)
            out[n++] = ir->instructions.items[i];
    }
    ir_program_free(&epi);
    free(ir->instructions.items);
    ir->instructions.items = out;
    ir->instructions.count = (uint32_t)n;
    ir->instructions.capacity = (uint32_t)total;
    return IR_OK;
}
