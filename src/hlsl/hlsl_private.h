/* src/hlsl/hlsl_private.h — what the compiler's passes share: the arena, diagnostics, tokens,
 * the AST, types, and the low-level instruction list the writers consume.
 *
 * Memory: everything a compilation allocates lives in one arena (struct hc.arena) and is freed
 * at once; an error or an allocation failure longjmps to hlsl_compile()'s frame, so no pass has
 * cleanup paths.  Results leave the arena by copy.
 */
#ifndef SOFTD3D_HLSL_PRIVATE_H
#define SOFTD3D_HLSL_PRIVATE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hlsl/hlsl.h"

/* ---- arena and context ---------------------------------------------------------------------- */

struct arena_block;
struct hc;

struct loc_src {
    const char *file;
    int line, col, col_end;
};

/* Growable text buffer (malloc'ed, not in the arena: results leave the compiler in them). */
struct sbuf {
    char *p;
    size_t n, cap;
    bool nomem;
};
void sbuf_put(struct sbuf *b, const char *s, size_t n);
void sbuf_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sbuf_puts(struct sbuf *b, const char *s);

struct hc {
    struct arena_block *arena;
    jmp_buf fail;                 /* longjmp(fail, 1) error, 2 out of memory */
    struct sbuf msgs;
    int errors;
    const struct hlsl_args *args;
    /* target */
    bool ps;                      /* pixel (else vertex, unless gs/cs) */
    bool gs;                      /* geometry: gs_4_0, gs_4_1, gs_5_0 (gen_gs.c) */
    bool cs;                      /* compute: cs_4_0, cs_4_1, cs_5_0 (gen_cs.c) */
    bool hs, ds;                  /* hull, domain: hs_5_0, ds_5_0 (gen_tess.c) */
    int hs_phase;                 /* hull: 1 the control-point phase (the entry point), 2 the
                                   * fork phase (the patch-constant function) */
    struct func_decl *hs_main;    /* hull: the entry point (its attributes), for phase 2 */
    /* hull: what phase 1 bound (constant buffers, textures, samplers), which phase 2 must
     * agree with (gen_tess.c) */
    struct hs_bind { const void *obj; const char *name; char kind; int slot; } hs_binds[64];
    unsigned nhs_binds;
    bool mem5;                    /* the program uses shader model 5 memory instructions
                                   * (gen_buffer.c), which the assembler cannot write yet */
    bool sm4_raw_structured;      /* a vs/gs/ps 4_x program reads raw or structured buffers
                                   * (gen_buffer.c): dcl_globalFlags
                                   * enableRawAndStructuredBuffers (sm4_write.c) */
    bool gs5_later;               /* a gs_5_0 program writes more than
                                   * one stream (gen_gs.c), which the assembler cannot write yet */
    int level9;                   /* 0, 1 or 3 */
    int sm;                       /* 40, 41, 50 */
    int d3d9;                     /* a d3dbc target: 20 (vs/ps_2_0), 21 (vs_2_a, ps_2_a/_2_b:
                                   * written as vs/ps_2_x), 30 (vs/ps_3_0); 0 otherwise */
    bool ps_2_b;                  /* ps_2_b (no derivatives, unlike ps_2_a) */
    bool row_major_default;       /* #pragma pack_matrix / flag */
    struct sbuf l9body;           /* sm2_write.c's program text (freed by compile.c) */
    struct ctab_entry *ctab;      /* d3dbc targets: the constant table sm2_write.c made */
    unsigned nctab;
};

/* What the target family allows.  SM2-class (level 9 and the d3dbc targets): no integer
 * hardware, no indexable temps, no SampleCmp/GetDimensions/arrays of textures, no vertex or
 * instance ids.  Flat: no flow control at all (level 9, vs/ps_2_x), so every if is flattened
 * and every loop unrolled; vs/ps_3_0 have if/rep/break. */
static inline bool hc_sm2(const struct hc *c)
{
    return c->level9 || c->d3d9;
}

static inline bool hc_flat(const struct hc *c)
{
    return c->level9 || (c->d3d9 && c->d3d9 < 30);
}

void *hc_alloc(struct hc *c, size_t size);                      /* zeroed */
char *hc_strndup(struct hc *c, const char *s, size_t n);
char *hc_strdup(struct hc *c, const char *s);
void *hc_grow(struct hc *c, void *p, size_t *cap, size_t n, size_t elem); /* arena realloc */
/* An error at loc (NULL: none), then longjmp out: one error ends the compilation. */
_Noreturn void hc_error(struct hc *c, const struct loc_src *at, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void hc_warning(struct hc *c, const struct loc_src *at, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
_Noreturn void hc_nomem(struct hc *c);
void hc_arena_free(struct hc *c);

/* ---- preprocessor (preprocess.c) ------------------------------------------------------------ */

/* The main source preprocessed into text with #line lines wherever the position jumps, so the
 * lexer keeps file(line,col).  #pragma pack_matrix lines are kept for the parser. */
char *pp_run(struct hc *c, size_t *len);

/* ---- tokens (lex.c) -------------------------------------------------------------------------- */

enum tok_kind {
    TK_EOF, TK_IDENT, TK_INT, TK_FLOAT, TK_STRING, TK_PUNCT, TK_PRAGMA,
};

struct token {
    enum tok_kind kind;
    const char *text;             /* NUL-terminated (arena) */
    size_t len;
    struct loc_src loc;
    double fval;
    uint64_t ival;
    bool is_unsigned;
};

struct token *lex_run(struct hc *c, const char *text, size_t len, size_t *count);

/* ---- types ----------------------------------------------------------------------------------- */

enum base_type { BT_VOID, BT_BOOL, BT_INT, BT_UINT, BT_FLOAT };
enum type_class { TC_VOID, TC_SCALAR, TC_VECTOR, TC_MATRIX, TC_STRUCT, TC_ARRAY, TC_TEXTURE,
                  TC_SAMPLER, TC_STRING, TC_STREAM /* Point/Line/TriangleStream<T> */ };
enum tex_dim { TD_1D = 1, TD_2D, TD_3D, TD_CUBE, TD_BUFFER, TD_2DARRAY, TD_1DARRAY, TD_CUBEARRAY,
               TD_2DMS, TD_2DMSARRAY,
               TD_STRUCTURED /* (RW/Append/Consume)StructuredBuffer<T>: elem T */,
               TD_RAW /* (RW)ByteAddressBuffer */ };
/* struct type.uav: what kind of unordered-access view a resource type is */
enum { UAV_NONE, UAV_RW, UAV_APPEND, UAV_CONSUME };

struct field;

struct type {
    enum type_class cls;
    enum base_type base;
    unsigned rows, cols;          /* vector: rows 1; scalar: 1x1 */
    bool row_major;               /* matrices: storage order in a constant buffer */
    struct type *elem;            /* arrays */
    unsigned count;
    struct field *fields;         /* structs */
    unsigned nfields;
    const char *name;             /* structs, typedef names for messages */
    enum tex_dim dim;             /* textures; sampler2D etc: the dimension they sample */
    bool sm2_sampler;             /* sampler2D & co (tex2D family) */
    bool comparison;              /* SamplerComparisonState */
    unsigned samples;             /* Texture2DMS<T, N>: N (0: not given) */
    uint8_t uav;                  /* textures and buffers: UAV_* (RW types are u#) */
    bool mixed;                   /* a tbuffer's buffer: declared (mixed,mixed,mixed,mixed) */
    uint8_t stream;               /* TC_STREAM: 1 PointStream, 2 LineStream, 3 TriangleStream
                                   * (elem: the vertex type T) */
    uint8_t patch;                /* TC_ARRAY: 1 InputPatch<T, n>, 2 OutputPatch<T, n> */
};

struct field {
    const char *name;
    struct type *type;
    const char *semantic;
    unsigned interp;              /* enum interp bits */
    struct loc_src loc;
};

enum interp { IP_NOINTERPOLATION = 1, IP_LINEAR = 2, IP_CENTROID = 4, IP_NOPERSPECTIVE = 8,
              IP_SAMPLE = 16 };

struct type *type_scalar(struct hc *c, enum base_type b);
struct type *type_vector(struct hc *c, enum base_type b, unsigned n);
struct type *type_matrix(struct hc *c, enum base_type b, unsigned rows, unsigned cols);
struct type *type_numeric(struct hc *c, enum base_type b, unsigned rows, unsigned cols,
                          enum type_class cls);
struct type *type_void(struct hc *c);
bool type_is_numeric(const struct type *t);            /* scalar, vector, matrix */
unsigned type_components(const struct type *t);        /* numeric: rows*cols */
bool type_equal(const struct type *a, const struct type *b);
const char *type_name(struct hc *c, const struct type *t);
unsigned type_slots(const struct type *t);             /* temp layout: one vec4 per vector/row */
/* Constant-buffer packing (HLSL "Packing Rules for Constant Variables"): size in components
 * of a type placed at a 4-aligned start; arrays and structs start on a register boundary.
 * d3d9: the D3D9 constant layout instead, every leaf in whole registers (types.c). */
unsigned type_cb_size(const struct type *t, bool d3d9);
/* The component offset at which t lands when placed at offset `at` (the next free component). */
unsigned type_cb_place(const struct type *t, unsigned at);
unsigned type_cb_array_stride(const struct type *elem, bool d3d9); /* components, 4k */
unsigned type_cb_field_offset(const struct type *s, unsigned index, bool d3d9);

/* ---- AST (parse.c) --------------------------------------------------------------------------- */

enum expr_kind {
    EX_INT, EX_FLOAT, EX_BOOL, EX_IDENT, EX_UNARY, EX_BINARY, EX_ASSIGN, EX_COND, EX_CALL,
    EX_CONSTRUCT, EX_CAST, EX_MEMBER, EX_INDEX, EX_METHOD, EX_PREINC, EX_POSTINC, EX_COMMA,
    EX_INIT_LIST,
};

struct expr {
    enum expr_kind kind;
    struct loc_src loc;
    int op;                       /* operator token: '+', "+=" as OP_ADD_ASSIGN etc. */
    const char *name;             /* ident, call, member, method */
    struct expr **args;           /* operands / arguments */
    unsigned nargs;
    struct type *type;            /* construct, cast */
    double fval;
    uint64_t ival;
    bool is_unsigned;
};

/* Operators of more than one character. */
enum {
    OP_EQ = 256, OP_NE, OP_LE, OP_GE, OP_AND, OP_OR, OP_SHL, OP_SHR, OP_INC, OP_DEC,
    OP_ADD_ASSIGN, OP_SUB_ASSIGN, OP_MUL_ASSIGN, OP_DIV_ASSIGN, OP_MOD_ASSIGN, OP_AND_ASSIGN,
    OP_OR_ASSIGN, OP_XOR_ASSIGN, OP_SHL_ASSIGN, OP_SHR_ASSIGN, OP_NEG, OP_PLUS,
};

enum stmt_kind {
    ST_EXPR, ST_DECL, ST_BLOCK, ST_IF, ST_FOR, ST_WHILE, ST_DO, ST_BREAK, ST_CONTINUE,
    ST_DISCARD, ST_RETURN, ST_EMPTY, ST_SWITCH,
};

struct var_decl;

enum attr_flags { AT_UNROLL = 1, AT_LOOP = 2, AT_BRANCH = 4, AT_FLATTEN = 8 };

struct stmt {
    enum stmt_kind kind;
    struct loc_src loc;
    struct expr *expr;            /* expression, condition, return value */
    struct stmt *init, *body, *other;   /* for: init; if: body/other(else); loops: body */
    struct expr *step;
    struct stmt **list;           /* block */
    unsigned nlist;
    struct var_decl **decls;      /* ST_DECL */
    unsigned ndecls;
    unsigned attrs;
    int unroll_count;             /* [unroll(n)]; 0 none */
    struct expr **labels;         /* a switch's case group (ST_BLOCK in list): its case values */
    unsigned nlabels;
    bool is_default;
};

enum storage {
    SC_STATIC = 1, SC_UNIFORM = 2, SC_CONST = 4, SC_IN = 8, SC_OUT = 16, SC_EXTERN = 32,
    SC_SHARED = 64, SC_ROW_MAJOR = 128, SC_COLUMN_MAJOR = 256, SC_GROUPSHARED = 512,
    /* a geometry shader's input primitive ("Geometry-Shader Object": point, line, triangle,
     * lineadj, triangleadj before the input array) */
    SC_GS_POINT = 1024, SC_GS_LINE = 2048, SC_GS_TRIANGLE = 4096, SC_GS_LINEADJ = 8192,
    SC_GS_TRIANGLEADJ = 16384,
};
#define SC_GS_PRIMITIVE (SC_GS_POINT | SC_GS_LINE | SC_GS_TRIANGLE | SC_GS_LINEADJ | \
                         SC_GS_TRIANGLEADJ)

struct var_decl {
    const char *name;
    struct loc_src loc;
    struct type *type;
    unsigned storage;             /* enum storage */
    unsigned interp;
    const char *semantic;
    struct loc_src sem_loc;
    char reg_kind;                /* register(b#/t#/s#/c#): the letter, 0 none */
    unsigned reg_index;
    bool has_packoffset;
    unsigned packoffset;          /* components */
    struct expr *init;
    /* filled by codegen */
    int gen_id;
    char d3d9_file;               /* vs/ps_3_0: 'b' / 'i' when it lives in b# / i# (gen_static.c) */
    uint32_t *d3d9_default;       /* d3dbc targets: the initializer in c# registers (4 dwords a
                                   * register, float bits), NULL when none or not constant */
};

struct func_decl {
    const char *name;
    struct loc_src loc;
    struct type *ret;
    const char *ret_semantic;
    struct var_decl **params;
    unsigned nparams;
    struct stmt *body;            /* NULL: a prototype */
    struct func_decl *next_overload;
    /* the function's attributes with arguments: [maxvertexcount(n)], [instance(n)],
     * [numthreads(x, y, z)] (0: not given), where each was written */
    unsigned maxvertexcount, instance, numthreads[3];
    struct loc_src maxvertexcount_loc, instance_loc, numthreads_loc;
    /* hull and domain attributes ("Hull-Shader Stage" attributes): [domain("tri")],
     * [partitioning("...")], [outputtopology("...")], [patchconstantfunc("name")] (NULL: not
     * given), [outputcontrolpoints(n)], [maxtessfactor(f)]; where each was written */
    const char *domain, *partitioning, *outputtopology, *patchconstantfunc;
    unsigned outputcontrolpoints;
    double maxtessfactor;
    bool has_outputcontrolpoints, has_maxtessfactor;
    struct loc_src domain_loc, partitioning_loc, outputtopology_loc, patchconstantfunc_loc,
        outputcontrolpoints_loc, maxtessfactor_loc;
};

struct cbuffer_decl {
    const char *name;
    struct loc_src loc;
    bool has_reg;
    unsigned reg;
    struct var_decl **vars;
    unsigned nvars;
    unsigned *offsets;            /* component offset of each var (packing rules) */
    unsigned size;                /* components */
    bool used;
    int slot;
    bool tbuffer;                 /* a tbuffer: read from t# by ld (gen_entry.c) */
    struct var_decl *tb_var;      /* its resource (a buffer of mixed type), for binding */
};

/* The translation unit: globals in declaration order. */
enum global_kind { GL_VAR, GL_FUNC, GL_CBUFFER, GL_STRUCT, GL_TYPEDEF };
struct global {
    enum global_kind kind;
    struct var_decl *var;
    struct func_decl *func;
    struct cbuffer_decl *cb;
};

struct program {
    struct global *globals;
    unsigned nglobals;
    struct cbuffer_decl *globals_cb;   /* $Globals, made of the non-static globals */
};

struct program *parse_program(struct hc *c, struct token *toks, size_t ntoks);

/* ---- generation (gen.c) and writers ----------------------------------------------------------- */

/* One constant of a d3dbc program's constant table (D3DXSHADER_CONSTANTINFO). */
enum { CTAB_SET_BOOL = 0, CTAB_SET_INT4 = 1, CTAB_SET_FLOAT4 = 2, CTAB_SET_SAMPLER = 3 };
struct ctab_entry {
    const char *name;
    unsigned regset, reg, count;
    const struct type *type;      /* numeric/struct/array, or a sampler/texture type */
    const uint32_t *defaults;     /* count * 4 dwords (DefaultValue), or NULL */
};

/* The CTAB comment block for a d3dbc program (ctab_write.c): its comment token, "CTAB" and
 * the table of c->ctab; *ndwords dwords in the arena. */
uint32_t *ctab_build(struct hc *c, size_t *ndwords);

int gen_program(struct hc *c, struct program *p, struct sbuf *listing);

#endif /* SOFTD3D_HLSL_PRIVATE_H */
