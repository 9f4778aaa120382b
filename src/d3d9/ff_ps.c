/* src/d3d9/ff_ps.c — the Direct3D 9 fixed-function pixel pipeline as a generated IR program.
 *
 * d3d9_ff_ps_generate() turns a struct d3d9_ff_ps_key (d3d9_draw.h) into a validated pixel
 * program; draw.c caches the result per device by key.  The stages, in D3D9's order ("Texture
 * Blending", "Texture Stages and the Texture Blending Cascade", "Fog Blending", "Alpha Testing
 * State"):
 *
 * 1. Texture stages 0.. until the first with COLOROP D3DTOP_DISABLE.  Stage s samples the
 *    texture of sampler s at the coordinates of output TEXCOORDs of the vertex stage (divided by
 *    the component D3DTTFF_PROJECTED names, "Texture Coordinate Processing").  An operation
 *    that reads D3DTA_TEXTURE in a stage without a texture outputs CURRENT unchanged, as
 *    Windows does (the key says so already: ff_key.c, pass_through_unbound), not the
 *    (1, 1, 1, 1) of DirectX 8.1's "Texture Argument Flags".
 *    Arguments (D3DTA): DIFFUSE and SPECULAR the interpolated vertex colours, CURRENT the
 *    previous stage's result (DIFFUSE in stage 0), TEXTURE, TFACTOR (D3DRS_TEXTUREFACTOR), TEMP
 *    (a register starting at 0), CONSTANT (D3DTSS_CONSTANT); modifiers ALPHAREPLICATE (the alpha
 *    in every channel) and COMPLEMENT (1 - x).  The result goes to CURRENT or, with
 *    D3DTSS_RESULTARG D3DTA_TEMP, to TEMP.  Colour and alpha operations read the arguments
 *    before either writes.  ALPHAOP DISABLE while COLOROP is enabled is "undefined" (D3DTEXTUREOP):
 *    softd3d keeps the alpha of the destination.
 *    Operations (D3DTEXTUREOP reference page; each result saturated to [0, 1], the range of the
 *    fixed-function colour registers):
 *      SELECTARG1 a1 | SELECTARG2 a2 | MODULATE a1 a2 | MODULATE2X 2 a1 a2 | MODULATE4X 4 a1 a2
 *      ADD a1 + a2 | ADDSIGNED a1 + a2 - 0.5 | ADDSIGNED2X 2 (a1 + a2 - 0.5) | SUBTRACT a1 - a2
 *      ADDSMOOTH a1 + a2 (1 - a1)
 *      BLENDDIFFUSEALPHA / BLENDTEXTUREALPHA / BLENDFACTORALPHA / BLENDCURRENTALPHA
 *        a1 alpha + a2 (1 - alpha), alpha of the diffuse colour / this stage's texture /
 *        the texture factor / CURRENT
 *      BLENDTEXTUREALPHAPM a1 + a2 (1 - texture alpha)
 *      PREMODULATE "the output of stage n is arg1. Additionally, if there is a texture in stage
 *        n + 1, any D3DTA_CURRENT in stage n + 1 is premultiplied by texture in stage n + 1"
 *      MODULATEALPHA_ADDCOLOR a1.rgb + a1.a a2.rgb | MODULATECOLOR_ADDALPHA a1.rgb a2.rgb + a1.a
 *      MODULATEINVALPHA_ADDCOLOR (1 - a1.a) a2.rgb + a1.rgb
 *      MODULATEINVCOLOR_ADDALPHA (1 - a1.rgb) a2.rgb + a1.a
 *      DOTPRODUCT3 "modulate the components of each argument as signed components, add their
 *        products; then replicate the sum to all color channels, including alpha": signed
 *        components are 2 (x - 0.5), so 4 ((a1.r - .5)(a2.r - .5) + (g) + (b)), saturated, in
 *        r, g, b and a (as a colour operation it also replaces the alpha operation's result)
 *      MULTIPLYADD a0 + a1 a2 | LERP a0 a1 + (1 - a0) a2 (the page's Arg1..Arg3 are ARG0..ARG2)
 *      BUMPENVMAP, BUMPENVMAPLUMINANCE ("Bump Mapping Formulas", D3DTEXTUREOP: "per-pixel bump
 *        mapping using the environment map in the next texture stage", colour operations only):
 *        the stage samples its own texture, the bump map, as (du, dv, l) (V8U8, L6V5U5,
 *        X8L8V8U8...: signed du, dv, unsigned l), and stage n + 1 samples its texture at
 *          u' = u + M00 du + M10 dv,   v' = v + M01 du + M11 dv
 *        M the D3DTSS_BUMPENVMAT00..11 of the bump stage n, (u, v) stage n + 1's coordinates;
 *        with LUMINANCE that texel is then multiplied by l LSCALE + LOFFSET (the stage's
 *        D3DTSS_BUMPENVLSCALE / LOFFSET), as ps_1_x texbeml does (d3dbc_ir_tex.c).  The bump
 *        stage's colour result is CURRENT unchanged (its colour is the bump data, not a
 *        colour: "Using Bump Mapping" passes the base colour through it to the environment
 *        stage); its alpha operation runs as in any stage.
 * 2. Specular: with D3DRS_SPECULARENABLE the specular colour is added to the rgb ("Specular
 *    Lighting": the specular component is added after texture blending), saturated.
 * 3. Fog ("Fog Blending", "Fog Formulas", "Pixel Fog"): C = f Ci + (1 - f) Cf on rgb, f the
 *    vertex fog factor (o3.x of the vertex stage) or, with D3DRS_FOGTABLEMODE, computed per pixel
 *    from the pixel's depth z (the profiles have no D3DPRASTERCAPS_WFOG, so table fog is z-based,
 *    "Eye-Relative vs. Z-based Depth"): LINEAR (end - z) / (end - start), EXP 1 / e^(z density),
 *    EXP2 1 / e^((z density)^2), saturated.
 * 4. Alpha test (D3DRS_ALPHATESTENABLE, ALPHAFUNC, ALPHAREF): the pixel's alpha, as the 8-bit
 *    value round(saturate(a) * 255), compared with ALPHAREF & 0xff ("alpha FUNC ref"); a pixel
 *    that fails is discarded (it writes neither colour nor depth nor stencil).
 * Flat shading (D3DSHADE_FLAT) declares the colour inputs constant: the pipeline then takes
 * them from the primitive's first vertex ("Shading Modes": "the color of the first vertex in
 * the triangle"; draw.c orders converted fans so that this holds for them too).
 */
#include "d3d9/d3d9_draw.h"

#include "d3d9/ff_ir.h"

enum {
    R_CUR = 0, R_TEMP, R_A0, R_A1, R_A2, R_RES, R_S0, R_TEX0, /* .. R_TEX0 + 7 */
    R_S1 = R_TEX0 + D3D9_FF_STAGES, R_FOG, R_COUNT,
};

enum { IN_DIFFUSE = 0, IN_SPECULAR = 1, IN_FOG = 2, IN_TEX0 = 3, IN_POS = 11 };

struct ps_gen {
    struct ffb b;
    const struct d3d9_ff_ps_key *k;
};

static struct ir_operand texel(const struct ps_gen *g, unsigned s, uint8_t swz)
{
    return g->k->stage[s].tex_dim ? T(R_TEX0 + s, swz) : F(1.0f);
}

/* Argument `arg` (D3DTA byte) of stage s into register r. */
static void load_arg(struct ps_gen *g, unsigned s, uint8_t arg, uint32_t r)
{
    struct ffb *b = &g->b;
    struct ir_operand src;
    switch (arg & D3DTA_SELECTMASK) {
    case D3DTA_DIFFUSE: src = V(IN_DIFFUSE, XYZW); break;
    case D3DTA_CURRENT: src = T(R_CUR, XYZW); break;
    case D3DTA_TEXTURE: src = texel(g, s, XYZW); break;
    case D3DTA_TFACTOR: src = C(FF_PSC_TFACTOR, XYZW); break;
    case D3DTA_SPECULAR: src = V(IN_SPECULAR, XYZW); break;
    case D3DTA_TEMP: src = T(R_TEMP, XYZW); break;
    case D3DTA_CONSTANT: src = C(FF_PSC_CONSTANT + s, XYZW); break;
    default: src = F(0.0f); break;
    }
    if (arg & D3DTA_ALPHAREPLICATE)
        src = SW(src, WWWW);
    if (arg & D3DTA_COMPLEMENT)
        E2(b, IR_OP_ADD, R(r, M_ALL), NEG(src), F(1.0f));
    else
        E1(b, IR_OP_MOV, R(r, M_ALL), src);
}

/* R_RES.mask = op(a0, a1, a2) saturated (top comment); a1 is R_A1 etc. */
static void operation(struct ps_gen *g, unsigned s, uint8_t op, uint8_t mask)
{
    struct ffb *b = &g->b;
    struct ir_operand a0 = T(R_A0, XYZW), a1 = T(R_A1, XYZW), a2 = T(R_A2, XYZW);
    struct ir_operand t = T(R_S0, XYZW);
    struct ir_operand d = R(R_RES, mask), dt = R(R_S0, M_ALL);
    struct ir_operand alpha;
    switch (op) {
    case D3DTOP_SELECTARG1:
    case D3DTOP_PREMODULATE:
        ffb_sat(E1(b, IR_OP_MOV, d, a1));
        break;
    case D3DTOP_SELECTARG2:
        ffb_sat(E1(b, IR_OP_MOV, d, a2));
        break;
    case D3DTOP_MODULATE:
        ffb_sat(E2(b, IR_OP_MUL, d, a1, a2));
        break;
    case D3DTOP_MODULATE2X:
        E2(b, IR_OP_MUL, dt, a1, a2);
        ffb_sat(E2(b, IR_OP_ADD, d, t, t));
        break;
    case D3DTOP_MODULATE4X:
        E2(b, IR_OP_MUL, dt, a1, a2);
        ffb_sat(E2(b, IR_OP_MUL, d, t, F(4.0f)));
        break;
    case D3DTOP_ADD:
        ffb_sat(E2(b, IR_OP_ADD, d, a1, a2));
        break;
    case D3DTOP_ADDSIGNED:
        E2(b, IR_OP_ADD, dt, a1, a2);
        ffb_sat(E2(b, IR_OP_ADD, d, t, F(-0.5f)));
        break;
    case D3DTOP_ADDSIGNED2X:
        E2(b, IR_OP_ADD, dt, a1, a2);
        E2(b, IR_OP_ADD, dt, t, F(-0.5f));
        ffb_sat(E2(b, IR_OP_ADD, d, t, t));
        break;
    case D3DTOP_SUBTRACT:
        ffb_sat(E2(b, IR_OP_ADD, d, a1, NEG(a2)));
        break;
    case D3DTOP_ADDSMOOTH:
        E2(b, IR_OP_ADD, dt, NEG(a1), F(1.0f));
        ffb_sat(E3(b, IR_OP_MAD, d, a2, t, a1));
        break;
    case D3DTOP_BLENDDIFFUSEALPHA:
    case D3DTOP_BLENDTEXTUREALPHA:
    case D3DTOP_BLENDFACTORALPHA:
    case D3DTOP_BLENDCURRENTALPHA:
        alpha = op == D3DTOP_BLENDDIFFUSEALPHA ? V(IN_DIFFUSE, WWWW) :
                op == D3DTOP_BLENDTEXTUREALPHA ? texel(g, s, WWWW) :
                op == D3DTOP_BLENDFACTORALPHA ? C(FF_PSC_TFACTOR, WWWW) : T(R_CUR, WWWW);
        E2(b, IR_OP_ADD, dt, a1, NEG(a2));
        ffb_sat(E3(b, IR_OP_MAD, d, t, alpha, a2));
        break;
    case D3DTOP_BLENDTEXTUREALPHAPM:
        E2(b, IR_OP_ADD, dt, NEG(texel(g, s, WWWW)), F(1.0f));
        ffb_sat(E3(b, IR_OP_MAD, d, a2, t, a1));
        break;
    case D3DTOP_MODULATEALPHA_ADDCOLOR:
        ffb_sat(E3(b, IR_OP_MAD, d, SW(a1, WWWW), a2, a1));
        break;
    case D3DTOP_MODULATECOLOR_ADDALPHA:
        ffb_sat(E3(b, IR_OP_MAD, d, a1, a2, SW(a1, WWWW)));
        break;
    case D3DTOP_MODULATEINVALPHA_ADDCOLOR:
        E2(b, IR_OP_ADD, dt, NEG(SW(a1, WWWW)), F(1.0f));
        ffb_sat(E3(b, IR_OP_MAD, d, t, a2, a1));
        break;
    case D3DTOP_MODULATEINVCOLOR_ADDALPHA:
        E2(b, IR_OP_ADD, dt, NEG(a1), F(1.0f));
        ffb_sat(E3(b, IR_OP_MAD, d, t, a2, SW(a1, WWWW)));
        break;
    case D3DTOP_DOTPRODUCT3:
        E2(b, IR_OP_ADD, dt, a1, F(-0.5f));
        E2(b, IR_OP_ADD, R(R_S1, M_ALL), a2, F(-0.5f));
        E2(b, IR_OP_DP3, R(R_S0, M_X), t, T(R_S1, XYZW));
        ffb_sat(E2(b, IR_OP_MUL, d, T(R_S0, XXXX), F(4.0f)));
        break;
    case D3DTOP_MULTIPLYADD:
        ffb_sat(E3(b, IR_OP_MAD, d, a1, a2, a0));
        break;
    case D3DTOP_LERP:
        E2(b, IR_OP_ADD, dt, a1, NEG(a2));
        ffb_sat(E3(b, IR_OP_MAD, d, a0, t, a2));
        break;
    default:   /* BUMPENVMAP, BUMPENVMAPLUMINANCE: CURRENT passes (top comment) */
        ffb_sat(E1(b, IR_OP_MOV, d, T(R_CUR, XYZW)));
        break;
    }
}

static void sample(struct ps_gen *g, unsigned s)
{
    struct ffb *b = &g->b;
    const struct d3d9_ff_ps_stage *st = &g->k->stage[s];
    struct ir_operand coord = V(IN_TEX0 + s, XYZW);
    if (st->project) {
        uint8_t c = (uint8_t)(st->project - 1);
        E1(b, IR_OP_RCP, R(R_S0, M_W), V(IN_TEX0 + s, SWZ(c, c, c, c)));
        E2(b, IR_OP_MUL, R(R_S0, M_XYZ), coord, T(R_S0, WWWW));
        coord = T(R_S0, XYZW);
    }
    /* the bump map of stage s - 1 (top comment): (u, v) += M (du, dv), row vector times M */
    const struct d3d9_ff_ps_stage *prev = s ? &g->k->stage[s - 1] : NULL;
    bool bump = prev && prev->tex_dim && (prev->cop == D3DTOP_BUMPENVMAP ||
                                          prev->cop == D3DTOP_BUMPENVMAPLUMINANCE);
    if (bump) {
        struct ir_operand m = C(FF_PSC_BUMPENV + 2 * (s - 1), XYZW);
        struct ir_operand d = T(R_TEX0 + s - 1, XYZW);
        if (!st->project)
            E1(b, IR_OP_MOV, R(R_S0, M_ALL), coord);
        E3(b, IR_OP_MAD, R(R_S0, M_XY), SW(d, XXXX), SW(m, SWZ(0, 1, 0, 1)), T(R_S0, XYZW));
        E3(b, IR_OP_MAD, R(R_S0, M_XY), SW(d, YYYY), SW(m, SWZ(2, 3, 2, 3)), T(R_S0, XYZW));
        coord = T(R_S0, XYZW);
    }
    struct ir_operand srcs[3] = { coord, ir_src(IR_FILE_RESOURCE, s, XYZW),
                                  ir_src(IR_FILE_SAMPLER, s, XYZW) };
    ffb_emit(b, IR_OP_SAMPLE, R(R_TEX0 + s, M_ALL), 3, srcs);
    if (bump && prev->cop == D3DTOP_BUMPENVMAPLUMINANCE) {
        /* texel * (l LSCALE + LOFFSET) */
        E3(b, IR_OP_MAD, R(R_S0, M_X), T(R_TEX0 + s - 1, ZZZZ),
           C(FF_PSC_BUMPENV + 2 * (s - 1) + 1, XXXX), C(FF_PSC_BUMPENV + 2 * (s - 1) + 1, YYYY));
        E2(b, IR_OP_MUL, R(R_TEX0 + s, M_ALL), T(R_TEX0 + s, XYZW), T(R_S0, XXXX));
    }
}

static void stage(struct ps_gen *g, unsigned s)
{
    struct ffb *b = &g->b;
    const struct d3d9_ff_ps_stage *st = &g->k->stage[s];
    if (s > 0 && g->k->stage[s - 1].cop == D3DTOP_PREMODULATE && st->tex_dim)
        E2(b, IR_OP_MUL, R(R_CUR, M_ALL), T(R_CUR, XYZW), texel(g, s, XYZW));
    bool dp3 = st->cop == D3DTOP_DOTPRODUCT3;
    uint32_t dest = st->result_temp ? R_TEMP : R_CUR;
    bool alpha = st->aop != D3DTOP_DISABLE && !dp3;
    if (alpha) {
        for (unsigned i = 0; i < 3; i++)
            load_arg(g, s, st->aarg[i], R_A0 + i);
        operation(g, s, st->aop, M_W);
    }
    for (unsigned i = 0; i < 3; i++)
        load_arg(g, s, st->carg[i], R_A0 + i);
    operation(g, s, st->cop, dp3 ? M_ALL : M_XYZ);
    E1(b, IR_OP_MOV, R(dest, dp3 || alpha ? M_ALL : M_XYZ), T(R_RES, XYZW));
}

static void fog(struct ps_gen *g)
{
    struct ffb *b = &g->b;
    const float log2e = 1.4426950408889634f;
    struct ir_operand z = V(IN_POS, ZZZZ);
    switch (g->k->fog) {
    case 1:
        ffb_sat(E1(b, IR_OP_MOV, R(R_FOG, M_X), V(IN_FOG, XXXX)));
        break;
    case 1 + D3DFOG_EXP:
        E2(b, IR_OP_MUL, R(R_FOG, M_X), z, C(FF_PSC_FOG, ZZZZ));
        E2(b, IR_OP_MUL, R(R_FOG, M_X), T(R_FOG, XXXX), F(-log2e));
        ffb_sat(E1(b, IR_OP_EXP, R(R_FOG, M_X), T(R_FOG, XXXX)));
        break;
    case 1 + D3DFOG_EXP2:
        E2(b, IR_OP_MUL, R(R_FOG, M_X), z, C(FF_PSC_FOG, ZZZZ));
        E2(b, IR_OP_MUL, R(R_FOG, M_X), T(R_FOG, XXXX), T(R_FOG, XXXX));
        E2(b, IR_OP_MUL, R(R_FOG, M_X), T(R_FOG, XXXX), F(-log2e));
        ffb_sat(E1(b, IR_OP_EXP, R(R_FOG, M_X), T(R_FOG, XXXX)));
        break;
    default:
        E2(b, IR_OP_ADD, R(R_FOG, M_X), C(FF_PSC_FOG, YYYY), NEG(z));
        ffb_sat(E2(b, IR_OP_MUL, R(R_FOG, M_X), T(R_FOG, XXXX), C(FF_PSC_FOG, WWWW)));
        break;
    }
    /* C = f Ci + (1 - f) Cf = f (Ci - Cf) + Cf */
    E2(b, IR_OP_ADD, R(R_S0, M_XYZ), T(R_CUR, XYZW), NEG(C(FF_PSC_FOG_COLOR, XYZW)));
    ffb_sat(E3(b, IR_OP_MAD, R(R_CUR, M_XYZ), T(R_S0, XYZW), T(R_FOG, XXXX),
               C(FF_PSC_FOG_COLOR, XYZW)));
}

static void alpha_test(struct ps_gen *g)
{
    struct ffb *b = &g->b;
    struct ir_operand a = T(R_S0, XXXX), ref = C(FF_PSC_ALPHA_REF, XXXX);
    struct ir_operand pass = T(R_S0, YYYY);
    ffb_sat(E1(b, IR_OP_MOV, R(R_S0, M_X), T(R_CUR, WWWW)));
    E2(b, IR_OP_MUL, R(R_S0, M_X), a, F(255.0f));
    E1(b, IR_OP_ROUND_NE, R(R_S0, M_X), a);
    switch (g->k->alpha_func) {
    case D3DCMP_LESS: E2(b, IR_OP_LT, R(R_S0, M_Y), a, ref); break;
    case D3DCMP_EQUAL: E2(b, IR_OP_EQ, R(R_S0, M_Y), a, ref); break;
    case D3DCMP_LESSEQUAL: E2(b, IR_OP_GE, R(R_S0, M_Y), ref, a); break;
    case D3DCMP_GREATER: E2(b, IR_OP_LT, R(R_S0, M_Y), ref, a); break;
    case D3DCMP_NOTEQUAL: E2(b, IR_OP_NE, R(R_S0, M_Y), a, ref); break;
    case D3DCMP_GREATEREQUAL: E2(b, IR_OP_GE, R(R_S0, M_Y), a, ref); break;
    default: E1(b, IR_OP_MOV, R(R_S0, M_Y), ir_imm1(0)); break;     /* NEVER */
    }
    struct ir_instruction *ins = ir_program_add_instruction(b->p, IR_OP_DISCARD);
    if (!ins) {
        b->oom = true;
        return;
    }
    ins->src[0] = pass;
    ins->test = IR_TEST_Z;
}

static void declare(struct ps_gen *g)
{
    struct ir_program *p = g->b.p;
    const struct d3d9_ff_ps_key *k = g->k;
    struct ir_io_decl *d;
    uint8_t color_interp = k->flat ? IR_INTERP_CONSTANT : IR_INTERP_LINEAR;
    for (unsigned i = 0; i < 2; i++) {
        if (!(d = ir_program_add_input(p, IR_FILE_INPUT, i, M_ALL)))
            goto oom;
        d->interpolation = color_interp;
        d->usage = D3DDECLUSAGE_COLOR;
        d->usage_index = (uint8_t)i;
    }
    if (k->fog == 1) {
        if (!(d = ir_program_add_input(p, IR_FILE_INPUT, IN_FOG, M_X)))
            goto oom;
        d->interpolation = IR_INTERP_LINEAR;
        d->usage = D3DDECLUSAGE_FOG;
        d->usage_index = 0;
    }
    for (unsigned s = 0; s < k->stage_count; s++) {
        const struct d3d9_ff_ps_stage *st = &k->stage[s];
        if (!st->tex_dim)
            continue;
        if (!(d = ir_program_add_input(p, IR_FILE_INPUT, IN_TEX0 + s, M_ALL)))
            goto oom;
        d->interpolation = IR_INTERP_LINEAR;
        d->usage = D3DDECLUSAGE_TEXCOORD;
        d->usage_index = (uint8_t)s;
        struct ir_resource *r = ir_program_add_resource(p, s, (enum ir_resource_dim)st->tex_dim);
        if (!r || !ir_program_add_sampler(p, s))
            goto oom;
        for (int c = 0; c < 4; c++)
            r->return_type[c] = IR_RET_FLOAT;
    }
    if (k->fog > 1) {
        if (!(d = ir_program_add_input(p, IR_FILE_INPUT, IN_POS, M_ALL)))
            goto oom;
        d->interpolation = IR_INTERP_LINEAR_NOPERSPECTIVE;
        d->sysval = IR_SV_POSITION;
        d->kind = IR_IO_SIV;
        d->usage = D3DDECLUSAGE_POSITION;
    }
    if (!(d = ir_program_add_output(p, IR_FILE_OUTPUT, 0, M_ALL)))
        goto oom;
    d->usage = D3DDECLUSAGE_COLOR;
    if (!ir_program_add_cbuffer(p, 0, FF_PSC_SIZE))
        goto oom;
    p->temp_count = R_COUNT;
    return;
oom:
    g->b.oom = true;
}

/* ARG1 and ARG2 (a D3DTA byte each, modifiers included) are the texture and the diffuse
 * colour, in either order; CURRENT is the diffuse colour in stage 0. */
static bool tex_times_diffuse(const uint8_t arg[3])
{
    bool t1 = arg[1] == D3DTA_TEXTURE, t2 = arg[2] == D3DTA_TEXTURE;
    uint8_t other = t1 ? arg[2] : arg[1];
    return t1 != t2 && (other == D3DTA_DIFFUSE || other == D3DTA_CURRENT);
}

int d3d9_ff_ps_generate(const struct d3d9_ff_ps_key *key, struct ir_program *out,
                        struct ir_error *err)
{
    struct ps_gen g;
    g.b.p = out;
    g.b.oom = false;
    g.k = key;
    ir_program_init(out, IR_SHADER_PIXEL, IR_SOURCE_FIXED_FUNCTION, 2, 0);
    declare(&g);
    struct ffb *b = &g.b;

    /* The commonest keys in their shortest form (the same values; pixel_fused.c runs these
     * without the VM): no stage, or one stage selecting the diffuse colour and alpha, with no
     * specular, fog or alpha test -- o0 = v0, and o0 = saturate(v0) (the stage's saturated
     * SELECTARG1 in colour and alpha).  The texture a stage samples and does not read changes
     * nothing. */
    const struct d3d9_ff_ps_stage *s0 = &key->stage[0];
    if (!key->specular_add && !key->fog && !key->alpha_func &&
        (key->stage_count == 0 ||
         (key->stage_count == 1 && s0->cop == D3DTOP_SELECTARG1 && s0->carg[1] == D3DTA_DIFFUSE &&
          s0->aop == D3DTOP_SELECTARG1 && s0->aarg[1] == D3DTA_DIFFUSE && !s0->result_temp))) {
        struct ir_instruction *mov = E1(b, IR_OP_MOV, O(0, M_ALL), V(IN_DIFFUSE, XYZW));
        if (key->stage_count)
            ffb_sat(mov);
        ffb_op0(b, IR_OP_RET);
        goto done;
    }

    /* One stage modulating its texture by the diffuse colour in colour and alpha (COLOROP and
     * ALPHAOP MODULATE of TEXTURE and DIFFUSE, or CURRENT, which is DIFFUSE in stage 0: the
     * most common fixed-function setup, e.g. Dear ImGui's DX9 backend), no specular, fog or
     * alpha test: o0 = saturate(texel * diffuse) in one mul_sat -- what the generic form
     * below computes per component (its movs copy bits, and the colour and alpha products
     * are the same operation, NaN made canonical either way), in the TEXMOD shape that
     * pixel_fused.c runs without the VM. */
    /* And D3D9's default stage 0 (COLOROP MODULATE of TEXTURE and CURRENT, ALPHAOP SELECTARG1
     * of TEXTURE; the alpha as SELECTARG2 the same): the rgb as above, the alpha the texel's,
     * saturated -- mul_sat o0.xyz then mov_sat o0.w, the second TEXMOD form. */
    bool alpha_tex = (s0->aop == D3DTOP_SELECTARG1 && s0->aarg[1] == D3DTA_TEXTURE) ||
                     (s0->aop == D3DTOP_SELECTARG2 && s0->aarg[2] == D3DTA_TEXTURE);
    if (!key->specular_add && !key->fog && !key->alpha_func && key->stage_count == 1 &&
        s0->tex_dim && !s0->project && !s0->result_temp && s0->cop == D3DTOP_MODULATE &&
        tex_times_diffuse(s0->carg) &&
        ((s0->aop == D3DTOP_MODULATE && tex_times_diffuse(s0->aarg)) || alpha_tex)) {
        sample(&g, 0);
        bool tex_first = s0->carg[1] == D3DTA_TEXTURE;
        struct ir_operand tex = T(R_TEX0, XYZW), diffuse = V(IN_DIFFUSE, XYZW);
        ffb_sat(E2(b, IR_OP_MUL, O(0, alpha_tex ? M_XYZ : M_ALL), tex_first ? tex : diffuse,
                   tex_first ? diffuse : tex));
        if (alpha_tex)
            ffb_sat(E1(b, IR_OP_MOV, O(0, M_W), tex));
        ffb_op0(b, IR_OP_RET);
        goto done;
    }

    /* textures first (PREMODULATE needs the next stage's), then the cascade */
    for (unsigned s = 0; s < key->stage_count; s++)
        if (key->stage[s].tex_dim)
            sample(&g, s);
    E1(b, IR_OP_MOV, R(R_CUR, M_ALL), V(IN_DIFFUSE, XYZW));
    E1(b, IR_OP_MOV, R(R_TEMP, M_ALL), F(0.0f));
    for (unsigned s = 0; s < key->stage_count; s++)
        stage(&g, s);
    if (key->specular_add)
        ffb_sat(E2(b, IR_OP_ADD, R(R_CUR, M_XYZ), T(R_CUR, XYZW), V(IN_SPECULAR, XYZW)));
    if (key->fog)
        fog(&g);
    if (key->alpha_func)
        alpha_test(&g);
    E1(b, IR_OP_MOV, O(0, M_ALL), T(R_CUR, XYZW));
    ffb_op0(b, IR_OP_RET);

done:
    if (g.b.oom) {
        ir_program_free(out);
        return IR_E_NOMEM;
    }
    int ret = ir_validate(out, err);
    if (ret)
        ir_program_free(out);
    return ret;
}
