/* src/shader/d3dbc.h — the D3D9 shader token format ("d3dbc", SM1-SM3) in both directions.
 *
 * READ ME FIRST
 *   A d3dbc program is a stream of little-endian 32-bit tokens:
 *
 *     version token   0xfffe0000 | major << 8 | minor (vertex), 0xffff.... (pixel); 2_x = x.1
 *     instructions    an instruction token, then its parameter tokens (bit 31 set):
 *                       bits 0-15  opcode            bits 16-23 opcode-specific control
 *                       bits 24-27 token count after the instruction token (SM2+ only; 0 in SM1)
 *                       bit 28     predicated        bit 30 co-issue (ps_1_x)   bits 29, 31: 0
 *                     destination  bits 0-10 register number, 11-12 type bits 3-4, 13 relative,
 *                                  16-19 write mask, 20-23 modifiers (sat 1, pp 2, centroid 4),
 *                                  24-27 shift (ps_1_x, signed), 28-30 type bits 0-2, 31 = 1
 *                     source       the same, with 16-23 swizzle (2 bits a component, x first)
 *                                  and 24-27 source modifier (D3DBC_SRCMOD_*)
 *                     relative     SM2+: a relative-address token (source format: a0 or aL and a
 *                                  swizzle) follows the parameter; vs_1_1: none, a0.x implied
 *                     predicated   the predicate source token follows the destination
 *     comments        0xfffe | dword count << 16, then that many dwords (the CTAB constant
 *                     table is one: "CTAB" then D3DXSHADER_CONSTANTTABLE)
 *     end token       0x0000ffff
 *
 *   dcl carries a declaration token before its destination (bits 0-3 usage, 16-19 usage index,
 *   27-30 sampler texture type, bit 31 set); def/defi a destination and four raw dwords; defb a
 *   destination and one dword.  ps_1_4's `phase` is the bare token 0x0000fffd.
 *
 *   The model below is the token stream, parsed and checked but not interpreted (that is the
 *   IR's job): a list of instructions with every field of every token.  The reader refuses any
 *   bit it does not model (reserved bits, SM1 length fields, modifiers outside the version), so
 *   read -> write reproduces the input exactly, and so does read -> disassemble -> assemble ->
 *   write.  Both the reader and the assembler check each instruction with d3dbc_check_instr()
 *   (d3dbc_table.c), so they accept exactly the same programs.
 *
 *   Files: d3dbc_table.c (opcode and register tables per version, the checks, names),
 *   d3dbc_read.c (tokens -> model, CTAB), d3dbc_write.c (model -> tokens), d3dbc_asm.c (text ->
 *   model), d3dbc_dis.c (model -> text).  No Direct3D types: values are the raw token values
 *   (the D3DSIO_ / D3DSPR_ / D3DSPSM_ names are given in comments).
 *
 *   Every error names where: reader errors the byte offset of the token at fault ("offset
 *   0x..."), assembler errors the line and column ("line 3, column 9: ...").
 */
#ifndef SOFTD3D_SHADER_D3DBC_H
#define SOFTD3D_SHADER_D3DBC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- versions ----------------------------------------------------------------------------- */

/* A version as one number: major << 8 | minor, 2_x being 0x0201. */
#define D3DBC_VER(major, minor) ((uint16_t)(((major) << 8) | (minor)))
#define D3DBC_VERSION_VS 0xfffeu /* high half of a vertex shader's version token */
#define D3DBC_VERSION_PS 0xffffu

/* ---- opcodes (D3DSIO_*) ------------------------------------------------------------------- */

enum d3dbc_opcode {
    D3DBC_OP_NOP = 0, D3DBC_OP_MOV = 1, D3DBC_OP_ADD = 2, D3DBC_OP_SUB = 3, D3DBC_OP_MAD = 4,
    D3DBC_OP_MUL = 5, D3DBC_OP_RCP = 6, D3DBC_OP_RSQ = 7, D3DBC_OP_DP3 = 8, D3DBC_OP_DP4 = 9,
    D3DBC_OP_MIN = 10, D3DBC_OP_MAX = 11, D3DBC_OP_SLT = 12, D3DBC_OP_SGE = 13, D3DBC_OP_EXP = 14,
    D3DBC_OP_LOG = 15, D3DBC_OP_LIT = 16, D3DBC_OP_DST = 17, D3DBC_OP_LRP = 18, D3DBC_OP_FRC = 19,
    D3DBC_OP_M4x4 = 20, D3DBC_OP_M4x3 = 21, D3DBC_OP_M3x4 = 22, D3DBC_OP_M3x3 = 23,
    D3DBC_OP_M3x2 = 24, D3DBC_OP_CALL = 25, D3DBC_OP_CALLNZ = 26, D3DBC_OP_LOOP = 27,
    D3DBC_OP_RET = 28, D3DBC_OP_ENDLOOP = 29, D3DBC_OP_LABEL = 30, D3DBC_OP_DCL = 31,
    D3DBC_OP_POW = 32, D3DBC_OP_CRS = 33, D3DBC_OP_SGN = 34, D3DBC_OP_ABS = 35, D3DBC_OP_NRM = 36,
    D3DBC_OP_SINCOS = 37, D3DBC_OP_REP = 38, D3DBC_OP_ENDREP = 39, D3DBC_OP_IF = 40,
    D3DBC_OP_IFC = 41, D3DBC_OP_ELSE = 42, D3DBC_OP_ENDIF = 43, D3DBC_OP_BREAK = 44,
    D3DBC_OP_BREAKC = 45, D3DBC_OP_MOVA = 46, D3DBC_OP_DEFB = 47, D3DBC_OP_DEFI = 48,
    D3DBC_OP_TEXCOORD = 64, D3DBC_OP_TEXKILL = 65, D3DBC_OP_TEX = 66, D3DBC_OP_TEXBEM = 67,
    D3DBC_OP_TEXBEML = 68, D3DBC_OP_TEXREG2AR = 69, D3DBC_OP_TEXREG2GB = 70,
    D3DBC_OP_TEXM3x2PAD = 71, D3DBC_OP_TEXM3x2TEX = 72, D3DBC_OP_TEXM3x3PAD = 73,
    D3DBC_OP_TEXM3x3TEX = 74, D3DBC_OP_TEXM3x3SPEC = 76, D3DBC_OP_TEXM3x3VSPEC = 77,
    D3DBC_OP_EXPP = 78, D3DBC_OP_LOGP = 79, D3DBC_OP_CND = 80, D3DBC_OP_DEF = 81,
    D3DBC_OP_TEXREG2RGB = 82, D3DBC_OP_TEXDP3TEX = 83, D3DBC_OP_TEXM3x2DEPTH = 84,
    D3DBC_OP_TEXDP3 = 85, D3DBC_OP_TEXM3x3 = 86, D3DBC_OP_TEXDEPTH = 87, D3DBC_OP_CMP = 88,
    D3DBC_OP_BEM = 89, D3DBC_OP_DP2ADD = 90, D3DBC_OP_DSX = 91, D3DBC_OP_DSY = 92,
    D3DBC_OP_TEXLDD = 93, D3DBC_OP_SETP = 94, D3DBC_OP_TEXLDL = 95, D3DBC_OP_BREAKP = 96,
    D3DBC_OP_PHASE = 0xfffd, D3DBC_OP_COMMENT = 0xfffe, D3DBC_OP_END = 0xffff,
};

/* Control field (bits 16-23) values. */
enum d3dbc_comparison { /* ifc, breakc, setp (D3DSPC_*) */
    D3DBC_CMP_GT = 1, D3DBC_CMP_EQ = 2, D3DBC_CMP_GE = 3, D3DBC_CMP_LT = 4, D3DBC_CMP_NE = 5,
    D3DBC_CMP_LE = 6,
};
#define D3DBC_TEXLD_PROJECT 1u /* texldp (D3DSI_TEXLD_PROJECT >> 16) */
#define D3DBC_TEXLD_BIAS 2u    /* texldb */

/* ---- registers (D3DSPR_*) ----------------------------------------------------------------- */

enum d3dbc_regtype {
    D3DBC_REG_TEMP = 0,      /* r# */
    D3DBC_REG_INPUT = 1,     /* v# */
    D3DBC_REG_CONST = 2,     /* c# */
    D3DBC_REG_ADDR = 3,      /* a0 (vertex shaders) */
    D3DBC_REG_TEXTURE = 3,   /* t# (pixel shaders) */
    D3DBC_REG_RASTOUT = 4,   /* oPos, oFog, oPts */
    D3DBC_REG_ATTROUT = 5,   /* oD# */
    D3DBC_REG_TEXCRDOUT = 6, /* oT# (vs < 3_0) */
    D3DBC_REG_OUTPUT = 6,    /* o# (vs_3_0) */
    D3DBC_REG_CONSTINT = 7,  /* i# */
    D3DBC_REG_COLOROUT = 8,  /* oC# */
    D3DBC_REG_DEPTHOUT = 9,  /* oDepth */
    D3DBC_REG_SAMPLER = 10,  /* s# */
    D3DBC_REG_CONST2 = 11,   /* c2048+ ... c6144+: software vertex processing only, refused */
    D3DBC_REG_CONST3 = 12,
    D3DBC_REG_CONST4 = 13,
    D3DBC_REG_CONSTBOOL = 14, /* b# */
    D3DBC_REG_LOOP = 15,      /* aL */
    D3DBC_REG_TEMPFLOAT16 = 16, /* never used by any version: refused */
    D3DBC_REG_MISCTYPE = 17,  /* vPos (0), vFace (1) */
    D3DBC_REG_LABEL = 18,     /* l# */
    D3DBC_REG_PREDICATE = 19, /* p0 */
    D3DBC_REG_TYPE_COUNT = 20,
};

/* Destination modifier bits (bits 20-23 >> 20; D3DSPDM_*). */
#define D3DBC_DSTMOD_SATURATE 1u
#define D3DBC_DSTMOD_PP 2u       /* partial precision */
#define D3DBC_DSTMOD_CENTROID 4u

/* Source modifiers (bits 24-27 >> 24; D3DSPSM_*). */
enum d3dbc_srcmod {
    D3DBC_SRCMOD_NONE = 0, D3DBC_SRCMOD_NEG = 1, D3DBC_SRCMOD_BIAS = 2, D3DBC_SRCMOD_BIASNEG = 3,
    D3DBC_SRCMOD_SIGN = 4, D3DBC_SRCMOD_SIGNNEG = 5, D3DBC_SRCMOD_COMP = 6, D3DBC_SRCMOD_X2 = 7,
    D3DBC_SRCMOD_X2NEG = 8, D3DBC_SRCMOD_DZ = 9, D3DBC_SRCMOD_DW = 10, D3DBC_SRCMOD_ABS = 11,
    D3DBC_SRCMOD_ABSNEG = 12, D3DBC_SRCMOD_NOT = 13,
};

#define D3DBC_SWIZZLE_IDENTITY 0xe4u /* .xyzw */
#define D3DBC_MASK_ALL 0xfu

/* Declaration usages (D3DDECLUSAGE_*), and sampler texture types (D3DSTT_* >> 27). */
enum d3dbc_usage {
    D3DBC_USAGE_POSITION = 0, D3DBC_USAGE_BLENDWEIGHT = 1, D3DBC_USAGE_BLENDINDICES = 2,
    D3DBC_USAGE_NORMAL = 3, D3DBC_USAGE_PSIZE = 4, D3DBC_USAGE_TEXCOORD = 5,
    D3DBC_USAGE_TANGENT = 6, D3DBC_USAGE_BINORMAL = 7, D3DBC_USAGE_TESSFACTOR = 8,
    D3DBC_USAGE_POSITIONT = 9, D3DBC_USAGE_COLOR = 10, D3DBC_USAGE_FOG = 11,
    D3DBC_USAGE_DEPTH = 12, D3DBC_USAGE_SAMPLE = 13,
};
enum d3dbc_texture_type {
    D3DBC_TEXTURE_2D = 2, D3DBC_TEXTURE_CUBE = 3, D3DBC_TEXTURE_VOLUME = 4,
};

/* ---- the model ------------------------------------------------------------------------------ */

/* One register operand: a destination, a source, or the predicate of a predicated instruction. */
struct d3dbc_param {
    uint8_t type;        /* enum d3dbc_regtype */
    uint16_t index;      /* 0..2047 */
    uint8_t mask;        /* destination: write mask, bit 0 = x */
    uint8_t swizzle;     /* source: 2 bits a component, x in bits 0-1 */
    uint8_t modifier;    /* destination: D3DBC_DSTMOD_* bits; source: enum d3dbc_srcmod */
    int8_t shift;        /* destination, ps_1_x: 1..3 = _x2.._x8, -1..-3 = _d2.._d8 */
    bool relative;       /* indexed by rel_type[rel_index].rel_swizzle (+ index) */
    uint8_t rel_type;    /* D3DBC_REG_ADDR or D3DBC_REG_LOOP */
    uint8_t rel_swizzle; /* the relative-address token's swizzle (vs_1_1: 0, i.e. a0.x) */
    uint16_t rel_index;  /* always 0 (a0, aL) */
};

struct d3dbc_instr {
    uint32_t offset;     /* d3dbc_read: byte offset of the instruction token in the program;
                          * d3dbc_assemble: byte offset of the statement in the text */
    uint16_t opcode;     /* enum d3dbc_opcode */
    uint8_t control;     /* bits 16-23: comparison, texld variant */
    bool predicated;     /* `(p0.x) add ...`: predicate holds the p0 source */
    bool coissue;        /* `+mov ...` (ps_1_x) */
    bool has_dst;
    uint8_t src_count;
    struct d3dbc_param dst;
    struct d3dbc_param predicate;
    struct d3dbc_param src[4];
    union {
        struct {
            uint8_t usage;        /* enum d3dbc_usage */
            uint8_t usage_index;  /* 0..15 */
            uint8_t texture_type; /* enum d3dbc_texture_type, samplers only */
        } dcl;
        uint32_t def[4];          /* def (float bits), defi (int), defb ([0]) */
        struct {
            uint32_t first;       /* index into d3dbc_program.comment_words */
            uint32_t count;       /* dwords */
        } comment;
    } u;
};

/* CTAB (D3DXSHADER_CONSTANTTABLE) contents, decoded.  Strings point into comment_words. */
struct d3dbc_ctab_type {
    uint16_t class_;     /* D3DXPARAMETER_CLASS: 0 scalar, 1 vector, 2/3 matrix, 4 object, 5 struct */
    uint16_t type;       /* D3DXPARAMETER_TYPE: 1 bool, 2 int, 3 float, 10..14 samplers, ... */
    uint16_t rows, columns, elements;
    uint16_t member_count;
    const struct d3dbc_ctab_member *members;
};
struct d3dbc_ctab_member {
    const char *name;
    struct d3dbc_ctab_type type;
};
struct d3dbc_ctab_constant {
    const char *name;
    uint16_t register_set; /* D3DXREGISTER_SET: 0 bool, 1 int4, 2 float4, 3 sampler */
    uint16_t register_index, register_count;
    struct d3dbc_ctab_type type;
    const uint32_t *default_value; /* NULL when none */
    uint32_t default_count;        /* dwords available at default_value (at most count * 4) */
};
struct d3dbc_ctab {
    uint32_t instr;        /* index of the comment instruction it came from */
    const char *creator, *target;
    uint32_t version, flags;
    uint32_t constant_count;
    struct d3dbc_ctab_constant *constants;
    void *storage;         /* one allocation behind constants and their members */
};

struct d3dbc_program {
    uint32_t version_token;
    bool pixel;
    uint16_t version;      /* D3DBC_VER(major, minor) */
    struct d3dbc_instr *instrs;  /* comments included, END excluded */
    uint32_t instr_count, instr_capacity;
    uint32_t *comment_words;     /* the payload of every comment, back to back */
    uint32_t comment_word_count, comment_word_capacity;
    size_t size;           /* d3dbc_read: bytes from the version token to the end token,
                            * inclusive; d3dbc_assemble: 0 (d3dbc_write gives the size) */

    /* The first comment that starts with "CTAB", decoded.  A malformed table does not make the
     * program unreadable (the D3D9 runtime never looks at it): has_ctab stays false and
     * ctab_error says why. */
    bool has_ctab;
    struct d3dbc_ctab ctab;
    char ctab_error[256];
};

/* ---- errors ------------------------------------------------------------------------------- */

enum d3dbc_result {
    D3DBC_OK = 0,
    D3DBC_E_INVALID_ARG = -1, /* NULL pointer from the caller */
    D3DBC_E_TRUNCATED = -2,   /* the tokens end before the end token or inside a token */
    D3DBC_E_BAD_VERSION = -3, /* not one of vs_1_1..vs_3_0, ps_1_1..ps_3_0 */
    D3DBC_E_BAD_OPCODE = -4,  /* unknown, not in this version, bad control or length field */
    D3DBC_E_BAD_PARAM = -5,   /* register type/number, modifier, mask, relative addressing */
    D3DBC_E_BAD_CTAB = -6,    /* d3dbc_ctab_parse() only */
    D3DBC_E_NOMEM = -7,
    D3DBC_E_SYNTAX = -8,      /* assembler: text that is not d3dbc assembly */
};

struct d3dbc_error {
    int code;            /* the negative return value */
    size_t offset;       /* reader: byte offset of the token at fault */
    unsigned line, column; /* assembler: 1-based position in the text */
    char message[256];   /* "d3dbc: offset 0x...: ..." or "line L, column C: ..." */
};

/* ---- reading and writing (d3dbc_read.c, d3dbc_write.c) ------------------------------------ */

/* Parses tokens [data, data + size) up to and including the end token into *out (which then
 * owns copies of everything; release with d3dbc_program_free).  Bytes after the end token are
 * not looked at; out->size says where it was.  Returns 0, or a negative d3dbc_result with *out
 * zeroed and *err (when non-NULL) filled. */
int d3dbc_read(const void *data, size_t size, struct d3dbc_program *out, struct d3dbc_error *err);
void d3dbc_program_free(struct d3dbc_program *p);

/* Decodes a CTAB comment payload (starting with the "CTAB" dword; size in bytes).  base_offset
 * is added to the offsets in error messages.  Strings point into data, which must outlive *out.
 * Release with d3dbc_ctab_free(). */
int d3dbc_ctab_parse(const void *data, size_t size, size_t base_offset, struct d3dbc_ctab *out,
                     struct d3dbc_error *err);
void d3dbc_ctab_free(struct d3dbc_ctab *ctab);

/* Encodes a program (one from d3dbc_read or d3dbc_assemble) into a malloc'ed token array
 * (*tokens, *size in bytes, end token included).  Returns 0, D3DBC_E_NOMEM, or
 * D3DBC_E_INVALID_ARG for a model no reader would produce (checked with d3dbc_check_instr). */
int d3dbc_write(const struct d3dbc_program *p, uint32_t **tokens, size_t *size,
                struct d3dbc_error *err);

/* ---- text (d3dbc_asm.c, d3dbc_dis.c) ------------------------------------------------------ */

/* Assembles text (len bytes, need not be NUL-terminated) into *out.  The syntax is that of
 * Microsoft's D3D9 assembly reference and fxc listings; see d3dbc_asm.c for the details and the
 * one extension, the `comment` directive that carries comment tokens. */
int d3dbc_assemble(const char *text, size_t len, struct d3dbc_program *out,
                   struct d3dbc_error *err);
/* Text -> tokens in one step (d3dbc_assemble + d3dbc_write). */
int d3dbc_assemble_tokens(const char *text, size_t len, uint32_t **tokens, size_t *size,
                          struct d3dbc_error *err);

/* Writes the program as text that d3dbc_assemble turns back into the same tokens: one
 * instruction a line, CTAB contents decoded into `//` lines above its comment directive.
 * *text is malloc'ed and NUL-terminated.  Returns 0 or D3DBC_E_NOMEM. */
int d3dbc_disassemble(const struct d3dbc_program *p, char **text, size_t *len);

/* ---- tables (d3dbc_table.c) ----------------------------------------------------------------- */

/* "vs_2_0", "ps_2_x"...; NULL for a version no table knows. */
const char *d3dbc_version_name(bool pixel, uint16_t version);
/* Is this one of the eleven versions (vs_1_1, vs_2_0, vs_2_x, vs_3_0, ps_1_1..ps_3_0)? */
bool d3dbc_version_known(bool pixel, uint16_t version);

/* The mnemonic of an instruction as the disassembler writes it, without modifiers ("texldp",
 * "if_gt", "texcoord"/"texcrd" by version); NULL for an opcode the version lacks. */
const char *d3dbc_opcode_name(bool pixel, uint16_t version, uint16_t opcode, uint8_t control);

/* The opcode a mnemonic's base names in a version ("mov", "texld", "if" with or without a
 * comparison suffix).  Returns 1 and fills *opcode; 0 when the name belongs to other versions
 * only; -1 when no version knows it. */
int d3dbc_opcode_lookup(bool pixel, uint16_t version, const char *name, bool with_comparison,
                        uint16_t *opcode);

/* "gt", "eq", "ge", "lt", "ne", "le" for D3DBC_CMP_*; NULL otherwise. */
const char *d3dbc_comparison_name(unsigned cmp);

/* Register count of a type in a version (0: the version has none). */
unsigned d3dbc_register_count(bool pixel, uint16_t version, unsigned type);

/* Checks one instruction against its version: opcode, control field, operand count and kinds,
 * register types and numbers, modifiers, masks, relative addressing, predication, co-issue,
 * declaration and definition payloads.  Returns 0 or a negative d3dbc_result with a message
 * (without position) in msg. */
int d3dbc_check_instr(bool pixel, uint16_t version, const struct d3dbc_instr *ins, char *msg,
                      size_t msg_size);

/* Source operand counts an instruction may have in a version: fills lo..hi (a range only for
 * vs_3_0's sgn, which fxc writes with one source although the reference lists three).  Returns
 * false when the version lacks the opcode. */
bool d3dbc_operand_counts(bool pixel, uint16_t version, uint16_t opcode, bool *has_dst,
                          unsigned *src_lo, unsigned *src_hi);

/* Appends an instruction to a program (growing the array); returns it zeroed, or NULL. */
struct d3dbc_instr *d3dbc_program_add(struct d3dbc_program *p);
/* Appends n comment dwords (left uninitialised when words is NULL); returns the index of the
 * first, or UINT32_MAX on failure. */
uint32_t d3dbc_program_add_words(struct d3dbc_program *p, const uint32_t *words, uint32_t n);

#endif /* SOFTD3D_SHADER_D3DBC_H */
