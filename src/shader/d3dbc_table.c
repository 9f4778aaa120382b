/* src/shader/d3dbc_table.c — what each d3dbc version allows: opcodes, operand kinds, registers,
 * modifiers; the one instruction check the reader and the assembler share; names.
 *
 * The facts are the D3D9 assembly reference's (instruction pages, "Registers" per version,
 * "Instruction Token", "Source/Destination Parameter Token").  Where the format admits a value
 * that a capability decides (vs_2_x temporaries 12..32, vs constants 256 in hardware), the table
 * takes the largest hardware value; the device checks its caps later.
 */
#include "shader/d3dbc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- versions and registers ------------------------------------------------------------ */

/* Register access in a version (general operands; i#, b#, s#, l#, aL, p0, a0 are reached only
 * through the operand kinds that name them, so only their counts matter). */
#define R 1u  /* readable as a general source */
#define W 2u  /* writable as a general destination */
#define D 4u  /* may be declared with dcl */
#define A 8u  /* may be relatively addressed as a source */
#define O 16u /* may be relatively addressed as a destination */

struct reg_rule {
    uint16_t count;
    uint8_t access;
};

struct version_info {
    bool pixel;
    uint16_t version;
    const char *name;
    uint16_t srcmods;    /* bit n: source modifier n allowed */
    uint8_t dstmods;     /* D3DBC_DSTMOD_* allowed */
    bool shift;          /* result shift (ps_1_x) */
    struct reg_rule regs[D3DBC_REG_TYPE_COUNT];
};

#define M(x) (1u << D3DBC_SRCMOD_##x)
#define MODS_VS11 (M(NONE) | M(NEG))
#define MODS_SM2 (M(NONE) | M(NEG) | M(ABS) | M(ABSNEG) | M(NOT))
#define MODS_PS1 (M(NONE) | M(NEG) | M(BIAS) | M(BIASNEG) | M(SIGN) | M(SIGNNEG) | M(COMP))
#define MODS_PS14 (MODS_PS1 | M(X2) | M(X2NEG) | M(DZ) | M(DW))
#define SAT D3DBC_DSTMOD_SATURATE
#define PPC (D3DBC_DSTMOD_SATURATE | D3DBC_DSTMOD_PP | D3DBC_DSTMOD_CENTROID)

#define VS_OUT_1 [D3DBC_REG_RASTOUT] = {3, W}, [D3DBC_REG_ATTROUT] = {2, W}, \
                 [D3DBC_REG_TEXCRDOUT] = {8, W}
#define FLOW_2 [D3DBC_REG_CONSTINT] = {16, 0}, [D3DBC_REG_CONSTBOOL] = {16, 0}, \
               [D3DBC_REG_LABEL] = {16, 0}

static const struct version_info versions[] = {
    {false, D3DBC_VER(1, 1), "vs_1_1", MODS_VS11, 0, false,
     {[D3DBC_REG_TEMP] = {12, R | W}, [D3DBC_REG_INPUT] = {16, R | D},
      [D3DBC_REG_CONST] = {256, R | A}, [D3DBC_REG_ADDR] = {1, 0}, VS_OUT_1}},
    {false, D3DBC_VER(2, 0), "vs_2_0", MODS_SM2, SAT, false,
     {[D3DBC_REG_TEMP] = {12, R | W}, [D3DBC_REG_INPUT] = {16, R | D},
      [D3DBC_REG_CONST] = {256, R | A}, [D3DBC_REG_ADDR] = {1, 0}, VS_OUT_1, FLOW_2,
      [D3DBC_REG_LOOP] = {1, 0}}},
    {false, D3DBC_VER(2, 1), "vs_2_x", MODS_SM2, SAT, false,
     {[D3DBC_REG_TEMP] = {32, R | W}, [D3DBC_REG_INPUT] = {16, R | D},
      [D3DBC_REG_CONST] = {256, R | A}, [D3DBC_REG_ADDR] = {1, 0}, VS_OUT_1, FLOW_2,
      [D3DBC_REG_LOOP] = {1, 0}, [D3DBC_REG_PREDICATE] = {1, 0}}},
    {false, D3DBC_VER(3, 0), "vs_3_0", MODS_SM2, SAT, false,
     {[D3DBC_REG_TEMP] = {32, R | W}, [D3DBC_REG_INPUT] = {16, R | D | A},
      [D3DBC_REG_CONST] = {256, R | A}, [D3DBC_REG_ADDR] = {1, 0},
      [D3DBC_REG_OUTPUT] = {12, W | D | O}, [D3DBC_REG_CONSTINT] = {16, 0},
      [D3DBC_REG_CONSTBOOL] = {16, 0}, [D3DBC_REG_LABEL] = {2048, 0}, [D3DBC_REG_LOOP] = {1, 0},
      [D3DBC_REG_PREDICATE] = {1, 0}, [D3DBC_REG_SAMPLER] = {4, D}}},
    {true, D3DBC_VER(1, 1), "ps_1_1", MODS_PS1, SAT, true,
     {[D3DBC_REG_TEMP] = {2, R | W}, [D3DBC_REG_INPUT] = {2, R}, [D3DBC_REG_CONST] = {8, R},
      [D3DBC_REG_TEXTURE] = {4, R | W}}},
    {true, D3DBC_VER(1, 2), "ps_1_2", MODS_PS1, SAT, true,
     {[D3DBC_REG_TEMP] = {2, R | W}, [D3DBC_REG_INPUT] = {2, R}, [D3DBC_REG_CONST] = {8, R},
      [D3DBC_REG_TEXTURE] = {4, R | W}}},
    {true, D3DBC_VER(1, 3), "ps_1_3", MODS_PS1, SAT, true,
     {[D3DBC_REG_TEMP] = {2, R | W}, [D3DBC_REG_INPUT] = {2, R}, [D3DBC_REG_CONST] = {8, R},
      [D3DBC_REG_TEXTURE] = {4, R | W}}},
    {true, D3DBC_VER(1, 4), "ps_1_4", MODS_PS14, SAT, true,
     {[D3DBC_REG_TEMP] = {6, R | W}, [D3DBC_REG_INPUT] = {2, R}, [D3DBC_REG_CONST] = {8, R},
      [D3DBC_REG_TEXTURE] = {6, R}}},
    {true, D3DBC_VER(2, 0), "ps_2_0", MODS_SM2, PPC, false,
     {[D3DBC_REG_TEMP] = {12, R | W}, [D3DBC_REG_INPUT] = {2, R | D}, [D3DBC_REG_CONST] = {32, R},
      [D3DBC_REG_TEXTURE] = {8, R | D}, [D3DBC_REG_SAMPLER] = {16, D},
      [D3DBC_REG_COLOROUT] = {4, W}, [D3DBC_REG_DEPTHOUT] = {1, W}}},
    {true, D3DBC_VER(2, 1), "ps_2_x", MODS_SM2, PPC, false,
     {[D3DBC_REG_TEMP] = {32, R | W}, [D3DBC_REG_INPUT] = {2, R | D}, [D3DBC_REG_CONST] = {32, R},
      [D3DBC_REG_TEXTURE] = {8, R | D}, [D3DBC_REG_SAMPLER] = {16, D},
      [D3DBC_REG_COLOROUT] = {4, W}, [D3DBC_REG_DEPTHOUT] = {1, W}, FLOW_2,
      [D3DBC_REG_PREDICATE] = {1, 0}}},
    {true, D3DBC_VER(3, 0), "ps_3_0", MODS_SM2, PPC, false,
     {[D3DBC_REG_TEMP] = {32, R | W}, [D3DBC_REG_INPUT] = {10, R | D | A},
      [D3DBC_REG_CONST] = {224, R | A}, [D3DBC_REG_SAMPLER] = {16, D},
      [D3DBC_REG_COLOROUT] = {4, W}, [D3DBC_REG_DEPTHOUT] = {1, W},
      [D3DBC_REG_CONSTINT] = {16, 0}, [D3DBC_REG_CONSTBOOL] = {16, 0},
      [D3DBC_REG_LABEL] = {2048, 0}, [D3DBC_REG_LOOP] = {1, 0}, [D3DBC_REG_PREDICATE] = {1, 0},
      [D3DBC_REG_MISCTYPE] = {2, R | D}}},
};

static const struct version_info *find_version(bool pixel, uint16_t version)
{
    for (size_t i = 0; i < sizeof(versions) / sizeof(versions[0]); i++)
        if (versions[i].pixel == pixel && versions[i].version == version)
            return &versions[i];
    return NULL;
}

const char *d3dbc_version_name(bool pixel, uint16_t version)
{
    const struct version_info *v = find_version(pixel, version);
    return v ? v->name : NULL;
}

bool d3dbc_version_known(bool pixel, uint16_t version)
{
    return find_version(pixel, version) != NULL;
}

unsigned d3dbc_register_count(bool pixel, uint16_t version, unsigned type)
{
    const struct version_info *v = find_version(pixel, version);
    return v && type < D3DBC_REG_TYPE_COUNT ? v->regs[type].count : 0;
}

/* ---- opcodes ------------------------------------------------------------------------------ */

/* Operand kinds, one character each; the first is the destination ('-': none).
 *   destinations  d general (W registers)   m general or a0 (vs_1_1 mov)   a a0 (mova)
 *                 p p0 (setp)   k r# or t# (texkill)   D dcl target
 *                 C c# (def)   I i# (defi)   B b# (defb)
 *   sources       v general (R registers)   s s#   l l#   i i#   b b# or p0   L aL   P p0 */
enum ctl { CTL_NONE, CTL_CMP, CTL_TEXLD };

struct opcode_info {
    uint16_t opcode;
    const char *name;
    uint8_t control;          /* enum ctl */
    const char *ops;
    uint16_t vs_lo, vs_hi;    /* 0, 0: not in vertex shaders */
    uint16_t ps_lo, ps_hi;
};

#define V11 D3DBC_VER(1, 1)
#define V12 D3DBC_VER(1, 2)
#define V13 D3DBC_VER(1, 3)
#define V14 D3DBC_VER(1, 4)
#define V20 D3DBC_VER(2, 0)
#define V2X D3DBC_VER(2, 1)
#define V30 D3DBC_VER(3, 0)
#define VS_ALL V11, V30
#define VS_20 V20, V30
#define VS_2X V2X, V30
#define NO 0, 0
#define PS_ALL V11, V30
#define PS_1X V11, V13
#define PS_20 V20, V30
#define PS_2X V2X, V30

static const struct opcode_info opcodes[] = {
    {D3DBC_OP_NOP, "nop", CTL_NONE, "-", VS_ALL, PS_ALL},
    {D3DBC_OP_MOV, "mov", CTL_NONE, "mv", V11, V11, NO},
    {D3DBC_OP_MOV, "mov", CTL_NONE, "dv", VS_20, PS_ALL},
    {D3DBC_OP_ADD, "add", CTL_NONE, "dvv", VS_ALL, PS_ALL},
    {D3DBC_OP_SUB, "sub", CTL_NONE, "dvv", VS_ALL, PS_ALL},
    {D3DBC_OP_MAD, "mad", CTL_NONE, "dvvv", VS_ALL, PS_ALL},
    {D3DBC_OP_MUL, "mul", CTL_NONE, "dvv", VS_ALL, PS_ALL},
    {D3DBC_OP_RCP, "rcp", CTL_NONE, "dv", VS_ALL, PS_20},
    {D3DBC_OP_RSQ, "rsq", CTL_NONE, "dv", VS_ALL, PS_20},
    {D3DBC_OP_DP3, "dp3", CTL_NONE, "dvv", VS_ALL, PS_ALL},
    {D3DBC_OP_DP4, "dp4", CTL_NONE, "dvv", VS_ALL, V12, V30},
    {D3DBC_OP_MIN, "min", CTL_NONE, "dvv", VS_ALL, PS_20},
    {D3DBC_OP_MAX, "max", CTL_NONE, "dvv", VS_ALL, PS_20},
    {D3DBC_OP_SLT, "slt", CTL_NONE, "dvv", VS_ALL, NO},
    {D3DBC_OP_SGE, "sge", CTL_NONE, "dvv", VS_ALL, NO},
    {D3DBC_OP_EXP, "exp", CTL_NONE, "dv", VS_ALL, PS_20},
    {D3DBC_OP_LOG, "log", CTL_NONE, "dv", VS_ALL, PS_20},
    {D3DBC_OP_LIT, "lit", CTL_NONE, "dv", VS_ALL, NO},
    {D3DBC_OP_DST, "dst", CTL_NONE, "dvv", VS_ALL, NO},
    {D3DBC_OP_LRP, "lrp", CTL_NONE, "dvvv", VS_20, PS_ALL},
    {D3DBC_OP_FRC, "frc", CTL_NONE, "dv", VS_ALL, PS_20},
    {D3DBC_OP_M4x4, "m4x4", CTL_NONE, "dvv", VS_ALL, PS_20},
    {D3DBC_OP_M4x3, "m4x3", CTL_NONE, "dvv", VS_ALL, PS_20},
    {D3DBC_OP_M3x4, "m3x4", CTL_NONE, "dvv", VS_ALL, PS_20},
    {D3DBC_OP_M3x3, "m3x3", CTL_NONE, "dvv", VS_ALL, PS_20},
    {D3DBC_OP_M3x2, "m3x2", CTL_NONE, "dvv", VS_ALL, PS_20},
    {D3DBC_OP_CALL, "call", CTL_NONE, "-l", VS_20, PS_2X},
    {D3DBC_OP_CALLNZ, "callnz", CTL_NONE, "-lb", VS_20, PS_2X},
    {D3DBC_OP_LOOP, "loop", CTL_NONE, "-Li", VS_20, V30, V30},
    {D3DBC_OP_RET, "ret", CTL_NONE, "-", VS_20, PS_2X},
    {D3DBC_OP_ENDLOOP, "endloop", CTL_NONE, "-", VS_20, V30, V30},
    {D3DBC_OP_LABEL, "label", CTL_NONE, "-l", VS_20, PS_2X},
    {D3DBC_OP_DCL, "dcl", CTL_NONE, "D", VS_ALL, PS_20},
    {D3DBC_OP_POW, "pow", CTL_NONE, "dvv", VS_20, PS_20},
    {D3DBC_OP_CRS, "crs", CTL_NONE, "dvv", VS_20, PS_20},
    {D3DBC_OP_SGN, "sgn", CTL_NONE, "dvvv", VS_20, NO},
    {D3DBC_OP_ABS, "abs", CTL_NONE, "dv", VS_20, PS_20},
    {D3DBC_OP_NRM, "nrm", CTL_NONE, "dv", VS_20, PS_20},
    {D3DBC_OP_SINCOS, "sincos", CTL_NONE, "dvvv", V20, V2X, V20, V2X},
    {D3DBC_OP_SINCOS, "sincos", CTL_NONE, "dv", V30, V30, V30, V30},
    {D3DBC_OP_REP, "rep", CTL_NONE, "-i", VS_20, PS_2X},
    {D3DBC_OP_ENDREP, "endrep", CTL_NONE, "-", VS_20, PS_2X},
    {D3DBC_OP_IF, "if", CTL_NONE, "-b", VS_20, PS_2X},
    {D3DBC_OP_IFC, "if", CTL_CMP, "-vv", VS_2X, PS_2X},
    {D3DBC_OP_ELSE, "else", CTL_NONE, "-", VS_20, PS_2X},
    {D3DBC_OP_ENDIF, "endif", CTL_NONE, "-", VS_20, PS_2X},
    {D3DBC_OP_BREAK, "break", CTL_NONE, "-", VS_2X, PS_2X},
    {D3DBC_OP_BREAKC, "break", CTL_CMP, "-vv", VS_2X, PS_2X},
    {D3DBC_OP_MOVA, "mova", CTL_NONE, "av", VS_20, NO},
    {D3DBC_OP_DEFB, "defb", CTL_NONE, "B", VS_20, PS_2X},
    {D3DBC_OP_DEFI, "defi", CTL_NONE, "I", VS_20, PS_2X},
    {D3DBC_OP_TEXCOORD, "texcoord", CTL_NONE, "d", NO, PS_1X},
    {D3DBC_OP_TEXCOORD, "texcrd", CTL_NONE, "dv", NO, V14, V14},
    {D3DBC_OP_TEXKILL, "texkill", CTL_NONE, "k", NO, PS_ALL},
    {D3DBC_OP_TEX, "tex", CTL_NONE, "d", NO, PS_1X},
    {D3DBC_OP_TEX, "texld", CTL_NONE, "dv", NO, V14, V14},
    {D3DBC_OP_TEX, "texld", CTL_TEXLD, "dvs", NO, PS_20},
    {D3DBC_OP_TEXBEM, "texbem", CTL_NONE, "dv", NO, PS_1X},
    {D3DBC_OP_TEXBEML, "texbeml", CTL_NONE, "dv", NO, PS_1X},
    {D3DBC_OP_TEXREG2AR, "texreg2ar", CTL_NONE, "dv", NO, PS_1X},
    {D3DBC_OP_TEXREG2GB, "texreg2gb", CTL_NONE, "dv", NO, PS_1X},
    {D3DBC_OP_TEXM3x2PAD, "texm3x2pad", CTL_NONE, "dv", NO, PS_1X},
    {D3DBC_OP_TEXM3x2TEX, "texm3x2tex", CTL_NONE, "dv", NO, PS_1X},
    {D3DBC_OP_TEXM3x3PAD, "texm3x3pad", CTL_NONE, "dv", NO, PS_1X},
    {D3DBC_OP_TEXM3x3TEX, "texm3x3tex", CTL_NONE, "dv", NO, PS_1X},
    {D3DBC_OP_TEXM3x3SPEC, "texm3x3spec", CTL_NONE, "dvv", NO, PS_1X},
    {D3DBC_OP_TEXM3x3VSPEC, "texm3x3vspec", CTL_NONE, "dv", NO, PS_1X},
    {D3DBC_OP_EXPP, "expp", CTL_NONE, "dv", VS_ALL, NO},
    {D3DBC_OP_LOGP, "logp", CTL_NONE, "dv", VS_ALL, NO},
    {D3DBC_OP_CND, "cnd", CTL_NONE, "dvvv", NO, V11, V14},
    {D3DBC_OP_DEF, "def", CTL_NONE, "C", VS_ALL, PS_ALL},
    {D3DBC_OP_TEXREG2RGB, "texreg2rgb", CTL_NONE, "dv", NO, V12, V13},
    {D3DBC_OP_TEXDP3TEX, "texdp3tex", CTL_NONE, "dv", NO, V12, V13},
    {D3DBC_OP_TEXM3x2DEPTH, "texm3x2depth", CTL_NONE, "dv", NO, V13, V13},
    {D3DBC_OP_TEXDP3, "texdp3", CTL_NONE, "dv", NO, V12, V13},
    {D3DBC_OP_TEXM3x3, "texm3x3", CTL_NONE, "dv", NO, V12, V13},
    {D3DBC_OP_TEXDEPTH, "texdepth", CTL_NONE, "d", NO, V14, V14},
    {D3DBC_OP_CMP, "cmp", CTL_NONE, "dvvv", NO, V12, V30},
    {D3DBC_OP_BEM, "bem", CTL_NONE, "dvv", NO, V14, V14},
    {D3DBC_OP_DP2ADD, "dp2add", CTL_NONE, "dvvv", NO, PS_20},
    {D3DBC_OP_DSX, "dsx", CTL_NONE, "dv", NO, PS_2X},
    {D3DBC_OP_DSY, "dsy", CTL_NONE, "dv", NO, PS_2X},
    {D3DBC_OP_TEXLDD, "texldd", CTL_NONE, "dvsvv", NO, PS_2X},
    {D3DBC_OP_SETP, "setp", CTL_CMP, "pvv", VS_2X, PS_2X},
    {D3DBC_OP_TEXLDL, "texldl", CTL_NONE, "dvs", V30, V30, V30, V30},
    {D3DBC_OP_BREAKP, "breakp", CTL_NONE, "-P", VS_2X, PS_2X},
    {D3DBC_OP_PHASE, "phase", CTL_NONE, "-", NO, V14, V14},
};

static bool in_range(const struct opcode_info *o, bool pixel, uint16_t version)
{
    uint16_t lo = pixel ? o->ps_lo : o->vs_lo, hi = pixel ? o->ps_hi : o->vs_hi;
    return lo && version >= lo && version <= hi;
}

static const struct opcode_info *find_opcode(bool pixel, uint16_t version, uint16_t opcode)
{
    for (size_t i = 0; i < sizeof(opcodes) / sizeof(opcodes[0]); i++)
        if (opcodes[i].opcode == opcode && in_range(&opcodes[i], pixel, version))
            return &opcodes[i];
    return NULL;
}

bool d3dbc_operand_counts(bool pixel, uint16_t version, uint16_t opcode, bool *has_dst,
                          unsigned *src_lo, unsigned *src_hi)
{
    const struct opcode_info *o = find_opcode(pixel, version, opcode);
    if (!o)
        return false;
    *has_dst = o->ops[0] != '-';
    *src_lo = *src_hi = (unsigned)strlen(o->ops) - 1;
    /* fxc writes vs_3_0's sgn with only its first source (the two scratch registers are an
     * SM2 artifact); the reference page lists three.  Both are accepted. */
    if (!pixel && version == V30 && opcode == D3DBC_OP_SGN)
        *src_lo = 1;
    return true;
}

int d3dbc_opcode_lookup(bool pixel, uint16_t version, const char *name, bool with_comparison,
                        uint16_t *opcode)
{
    int ret = -1;
    for (size_t i = 0; i < sizeof(opcodes) / sizeof(opcodes[0]); i++) {
        const struct opcode_info *o = &opcodes[i];
        if (strcmp(o->name, name) || (o->control == CTL_CMP) != with_comparison)
            continue;
        if (in_range(o, pixel, version)) {
            *opcode = o->opcode;
            return 1;
        }
        ret = 0;
    }
    return ret;
}

static const char *const comparison_names[8] = {NULL, "gt", "eq", "ge", "lt", "ne", "le", NULL};

const char *d3dbc_opcode_name(bool pixel, uint16_t version, uint16_t opcode, uint8_t control)
{
    static const char *const cmp_names[3][8] = {
        {NULL, "if_gt", "if_eq", "if_ge", "if_lt", "if_ne", "if_le", NULL},
        {NULL, "break_gt", "break_eq", "break_ge", "break_lt", "break_ne", "break_le", NULL},
        {NULL, "setp_gt", "setp_eq", "setp_ge", "setp_lt", "setp_ne", "setp_le", NULL},
    };
    const struct opcode_info *o = find_opcode(pixel, version, opcode);
    if (!o)
        return NULL;
    if (o->control == CTL_CMP) {
        int row = opcode == D3DBC_OP_IFC ? 0 : opcode == D3DBC_OP_BREAKC ? 1 : 2;
        return control < 8 ? cmp_names[row][control] : NULL;
    }
    if (o->control == CTL_TEXLD)
        return control == 0 ? "texld" : control == D3DBC_TEXLD_PROJECT ? "texldp"
             : control == D3DBC_TEXLD_BIAS ? "texldb" : NULL;
    return control == 0 ? o->name : NULL;
}

/* ---- the check ---------------------------------------------------------------------------- */

struct checker {
    const struct version_info *v;
    char *msg;
    size_t msg_size;
};

static int bad(struct checker *c, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int bad(struct checker *c, int code, const char *fmt, ...)
{
    if (c->msg && c->msg_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->msg, c->msg_size, fmt, ap);
        va_end(ap);
    }
    return code;
}

static const char *const regtype_names[D3DBC_REG_TYPE_COUNT] = {
    "temporary (r#)", "input (v#)", "constant (c#)", "address/texture (a0/t#)",
    "rasterizer output (oPos/oFog/oPts)", "attribute output (oD#)", "output (oT#/o#)",
    "integer constant (i#)", "color output (oC#)", "depth output (oDepth)", "sampler (s#)",
    "constant (c2048+)", "constant (c4096+)", "constant (c6144+)", "boolean constant (b#)",
    "loop counter (aL)", "half temporary", "misc (vPos/vFace)", "label (l#)", "predicate (p0)",
};

static int check_index(struct checker *c, const struct d3dbc_param *p, const char *what)
{
    unsigned count = p->type < D3DBC_REG_TYPE_COUNT ? c->v->regs[p->type].count : 0;
    if (!count)
        return bad(c, D3DBC_E_BAD_PARAM, "%s: register type %u (%s) does not exist in %s", what,
                   p->type, p->type < D3DBC_REG_TYPE_COUNT ? regtype_names[p->type] : "unknown",
                   c->v->name);
    if (p->index >= count)
        return bad(c, D3DBC_E_BAD_PARAM, "%s: %s register %u is out of range in %s (%u)", what,
                   regtype_names[p->type], p->index, c->v->name, count);
    return 0;
}

static int check_relative(struct checker *c, const struct d3dbc_param *p, bool dst,
                          const char *what)
{
    const struct version_info *v = c->v;
    if (!p->relative)
        return 0;
    if (!(v->regs[p->type].access & (dst ? O : A)))
        return bad(c, D3DBC_E_BAD_PARAM, "%s: %s cannot be relatively addressed in %s", what,
                   regtype_names[p->type], v->name);
    if (p->rel_index != 0)
        return bad(c, D3DBC_E_BAD_PARAM, "%s: relative address register index %u", what,
                   p->rel_index);
    if (!v->pixel && v->version == V11) {
        if (p->rel_type != D3DBC_REG_ADDR || p->rel_swizzle != 0)
            return bad(c, D3DBC_E_BAD_PARAM, "%s: vs_1_1 addresses relatively with a0.x only",
                       what);
        return 0;
    }
    if (p->rel_type == D3DBC_REG_LOOP && v->regs[D3DBC_REG_LOOP].count)
        return 0;
    if (p->rel_type == D3DBC_REG_ADDR && !v->pixel)
        return 0;
    return bad(c, D3DBC_E_BAD_PARAM, "%s: register type %u cannot hold a relative address in %s",
               what, p->rel_type, v->name);
}

/* The source kinds of the table against one source operand. */
static int check_src(struct checker *c, const struct d3dbc_param *p, char kind, const char *what)
{
    const struct version_info *v = c->v;
    int ret;
    if (p->type >= D3DBC_REG_TYPE_COUNT)
        return bad(c, D3DBC_E_BAD_PARAM, "%s: unknown register type %u", what, p->type);
    if ((ret = check_index(c, p, what)))
        return ret;
    if (p->modifier > D3DBC_SRCMOD_NOT || !(v->srcmods & (1u << p->modifier)))
        return bad(c, D3DBC_E_BAD_PARAM, "%s: source modifier %u is not allowed in %s", what,
                   p->modifier, v->name);
    switch (kind) {
    case 'v':
        if (!(v->regs[p->type].access & R))
            return bad(c, D3DBC_E_BAD_PARAM, "%s: %s cannot be read here", what,
                       regtype_names[p->type]);
        if (p->modifier == D3DBC_SRCMOD_NOT)
            return bad(c, D3DBC_E_BAD_PARAM, "%s: '!' applies to b# and p0 only", what);
        return check_relative(c, p, false, what);
    case 's': case 'l': case 'i': case 'L': case 'b': case 'P': {
        unsigned want = kind == 's' ? D3DBC_REG_SAMPLER : kind == 'l' ? D3DBC_REG_LABEL
                      : kind == 'i' ? D3DBC_REG_CONSTINT : kind == 'L' ? D3DBC_REG_LOOP
                      : D3DBC_REG_PREDICATE;
        bool ok = p->type == want || (kind == 'b' && p->type == D3DBC_REG_CONSTBOOL);
        if (!ok)
            return bad(c, D3DBC_E_BAD_PARAM, "%s: expected a %s register, not %s", what,
                       kind == 'b' ? "b# or p0" : regtype_names[want], regtype_names[p->type]);
        if (p->relative)
            return bad(c, D3DBC_E_BAD_PARAM, "%s: %s cannot be relatively addressed", what,
                       regtype_names[p->type]);
        if (p->modifier != D3DBC_SRCMOD_NONE &&
            !(p->modifier == D3DBC_SRCMOD_NOT && (kind == 'b' || kind == 'P')))
            return bad(c, D3DBC_E_BAD_PARAM, "%s: modifier %u on %s", what, p->modifier,
                       regtype_names[p->type]);
        return 0;
    }
    }
    return bad(c, D3DBC_E_BAD_PARAM, "%s: internal: kind %c", what, kind);
}

static int check_dst(struct checker *c, const struct d3dbc_instr *ins, char kind)
{
    const struct version_info *v = c->v;
    const struct d3dbc_param *p = &ins->dst;
    const char *what = "destination";
    bool ok;
    int ret;
    if (p->type >= D3DBC_REG_TYPE_COUNT)
        return bad(c, D3DBC_E_BAD_PARAM, "%s: unknown register type %u", what, p->type);
    if ((ret = check_index(c, p, what)))
        return ret;
    if (p->mask == 0 || p->mask > 0xf)
        return bad(c, D3DBC_E_BAD_PARAM, "%s: write mask 0x%x", what, p->mask);
    if (p->modifier & ~7u)
        return bad(c, D3DBC_E_BAD_PARAM, "%s: result modifier 0x%x", what, p->modifier);
    if (p->modifier & ~v->dstmods)
        return bad(c, D3DBC_E_BAD_PARAM, "%s: result modifier %s is not allowed in %s", what,
                   (p->modifier & ~v->dstmods & D3DBC_DSTMOD_SATURATE) ? "_sat"
                   : (p->modifier & ~v->dstmods & D3DBC_DSTMOD_PP) ? "_pp" : "_centroid",
                   v->name);
    if (p->shift && (!v->shift || p->shift > 3 || p->shift < -3))
        return bad(c, D3DBC_E_BAD_PARAM, "%s: result shift %d is not allowed in %s", what,
                   p->shift, v->name);
    switch (kind) {
    case 'd': case 'm':
        ok = (v->regs[p->type].access & W) || (kind == 'm' && p->type == D3DBC_REG_ADDR);
        break;
    case 'a': ok = p->type == D3DBC_REG_ADDR; break;
    case 'p': ok = p->type == D3DBC_REG_PREDICATE; break;
    case 'k': ok = p->type == D3DBC_REG_TEMP || p->type == D3DBC_REG_TEXTURE; break;
    case 'D': ok = (v->regs[p->type].access & D) != 0; break;
    case 'C': ok = p->type == D3DBC_REG_CONST; break;
    case 'I': ok = p->type == D3DBC_REG_CONSTINT; break;
    case 'B': ok = p->type == D3DBC_REG_CONSTBOOL; break;
    default: return bad(c, D3DBC_E_BAD_PARAM, "internal: kind %c", kind);
    }
    if (!ok)
        return bad(c, D3DBC_E_BAD_PARAM, "%s: %s cannot be %s by %s in %s", what,
                   regtype_names[p->type], kind == 'D' ? "declared" : "written",
                   d3dbc_opcode_name(v->pixel, v->version, ins->opcode, ins->control) ?
                   d3dbc_opcode_name(v->pixel, v->version, ins->opcode, ins->control) : "this",
                   v->name);
    if (p->relative) {
        if (kind != 'd')
            return bad(c, D3DBC_E_BAD_PARAM, "%s: cannot be relatively addressed here", what);
        if ((ret = check_relative(c, p, true, what)))
            return ret;
    }
    if (strchr("CIB", kind) && (p->modifier || p->shift))
        return bad(c, D3DBC_E_BAD_PARAM, "%s: modifiers on a constant definition", what);
    if (kind == 'D' && ((p->modifier & D3DBC_DSTMOD_SATURATE) || p->shift))
        return bad(c, D3DBC_E_BAD_PARAM, "%s: _sat or a shift on a declaration", what);
    return 0;
}

static int check_dcl(struct checker *c, const struct d3dbc_instr *ins)
{
    unsigned type = ins->dst.type;
    if (type == D3DBC_REG_SAMPLER) {
        if (ins->u.dcl.texture_type < D3DBC_TEXTURE_2D ||
            ins->u.dcl.texture_type > D3DBC_TEXTURE_VOLUME)
            return bad(c, D3DBC_E_BAD_PARAM, "dcl: sampler texture type %u (2d 2, cube 3, volume 4)",
                       ins->u.dcl.texture_type);
        if (ins->u.dcl.usage || ins->u.dcl.usage_index)
            return bad(c, D3DBC_E_BAD_PARAM, "dcl: a sampler declaration with a usage");
        return 0;
    }
    if (ins->u.dcl.texture_type)
        return bad(c, D3DBC_E_BAD_PARAM, "dcl: texture type %u on a %s register",
                   ins->u.dcl.texture_type, regtype_names[type]);
    if (ins->u.dcl.usage > D3DBC_USAGE_SAMPLE || ins->u.dcl.usage_index > 15)
        return bad(c, D3DBC_E_BAD_PARAM, "dcl: usage %u index %u", ins->u.dcl.usage,
                   ins->u.dcl.usage_index);
    return 0;
}

int d3dbc_check_instr(bool pixel, uint16_t version, const struct d3dbc_instr *ins, char *msg,
                      size_t msg_size)
{
    struct checker c = {find_version(pixel, version), msg, msg_size};
    const struct opcode_info *o;
    bool has_dst;
    unsigned lo, hi;
    int ret;
    char what[16];

    if (!c.v)
        return bad(&c, D3DBC_E_BAD_VERSION, "unknown version");
    if (ins->opcode == D3DBC_OP_COMMENT)
        return 0;
    o = find_opcode(pixel, version, ins->opcode);
    if (!o) {
        for (size_t i = 0; i < sizeof(opcodes) / sizeof(opcodes[0]); i++)
            if (opcodes[i].opcode == ins->opcode)
                return bad(&c, D3DBC_E_BAD_OPCODE, "%s is not allowed in %s", opcodes[i].name,
                           c.v->name);
        return bad(&c, D3DBC_E_BAD_OPCODE, "unknown opcode %u", ins->opcode);
    }
    if (!d3dbc_opcode_name(pixel, version, ins->opcode, ins->control))
        return bad(&c, D3DBC_E_BAD_OPCODE, "%s: control field 0x%x is not allowed", o->name,
                   ins->control);
    d3dbc_operand_counts(pixel, version, ins->opcode, &has_dst, &lo, &hi);
    if (ins->has_dst != has_dst || ins->src_count < lo || ins->src_count > hi ||
        (ins->src_count != lo && ins->src_count != hi))
        return bad(&c, D3DBC_E_BAD_OPCODE, "%s takes %s%u source%s, not %u", o->name,
                   has_dst ? "a destination and " : "", hi, hi == 1 ? "" : "s", ins->src_count);
    if (ins->coissue && (pixel ? version >= V20 : true))
        return bad(&c, D3DBC_E_BAD_OPCODE, "co-issue (+) exists in ps_1_x only");
    if (ins->coissue && (ins->opcode == D3DBC_OP_DEF || ins->opcode == D3DBC_OP_PHASE))
        return bad(&c, D3DBC_E_BAD_OPCODE, "%s cannot be co-issued", o->name);
    if (ins->predicated) {
        if (!c.v->regs[D3DBC_REG_PREDICATE].count)
            return bad(&c, D3DBC_E_BAD_OPCODE, "predication is not allowed in %s", c.v->name);
        if (!has_dst || strchr("DCIB", o->ops[0]))
            return bad(&c, D3DBC_E_BAD_OPCODE, "%s cannot be predicated", o->name);
        if ((ret = check_src(&c, &ins->predicate, 'P', "predicate")))
            return ret;
    }
    if (has_dst && (ret = check_dst(&c, ins, o->ops[0])))
        return ret;
    for (unsigned i = 0; i < ins->src_count; i++) {
        snprintf(what, sizeof(what), "source %u", i);
        if ((ret = check_src(&c, &ins->src[i], o->ops[1 + i], what)))
            return ret;
    }
    if (ins->opcode == D3DBC_OP_DCL)
        return check_dcl(&c, ins);
    return 0;
}

/* ---- program building --------------------------------------------------------------------- */

struct d3dbc_instr *d3dbc_program_add(struct d3dbc_program *p)
{
    if (p->instr_count == p->instr_capacity) {
        uint32_t cap = p->instr_capacity ? p->instr_capacity * 2 : 32;
        struct d3dbc_instr *n;
        if (cap < p->instr_capacity || cap > UINT32_MAX / 2)
            return NULL;
        n = realloc(p->instrs, (size_t)cap * sizeof(*n));
        if (!n)
            return NULL;
        p->instrs = n;
        p->instr_capacity = cap;
    }
    memset(&p->instrs[p->instr_count], 0, sizeof(p->instrs[0]));
    return &p->instrs[p->instr_count++];
}

uint32_t d3dbc_program_add_words(struct d3dbc_program *p, const uint32_t *words, uint32_t n)
{
    uint32_t first = p->comment_word_count;
    if (n > UINT32_MAX / 4 - first)
        return UINT32_MAX;
    if (first + n > p->comment_word_capacity) {
        uint32_t cap = p->comment_word_capacity ? p->comment_word_capacity : 64;
        uint32_t *w;
        while (cap < first + n)
            cap *= 2;
        w = realloc(p->comment_words, (size_t)cap * sizeof(*w));
        if (!w)
            return UINT32_MAX;
        p->comment_words = w;
        p->comment_word_capacity = cap;
    }
    if (n && words)
        memcpy(p->comment_words + first, words, (size_t)n * sizeof(*words));
    p->comment_word_count = first + n;
    return first;
}

const char *d3dbc_comparison_name(unsigned cmp)
{
    return cmp < 8 ? comparison_names[cmp] : NULL;
}
