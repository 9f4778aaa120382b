/* src/d3d9/d3d9_draw.h — what the Direct3D 9 draw path shares: the fixed-function program keys
 * (ff_key.c builds them from the device state, ff_vs.c and ff_ps.c turn them into IR), the
 * register layout the generated programs and the shader path agree on, and the per-device
 * renderer (draw.c).
 *
 * READ ME FIRST
 * -------------
 * One core (DESIGN.md principle 5): D3D9 draws end in the same draw_execute() as D3D11 draws
 * (src/pipeline/draw.h).  What the D3D9 front-end adds is only translation:
 *   - the fixed-function vertex and pixel pipelines are IR programs generated from a zeroed,
 *     hashable key (SwiftShader's habit, STYLE.md): struct d3d9_ff_vs_key / d3d9_ff_ps_key hold
 *     exactly the state that changes the generated code; the per-draw values (matrices, light
 *     parameters, material, fog, texture factor...) travel in a constant buffer (cb0) filled for
 *     each draw by d3d9_ff_vs_constants() / d3d9_ff_ps_constants();
 *   - programs are cached per device by key (draw.c), so a state change that does not change
 *     the key costs nothing, and two keys that are equal share one program;
 *   - linkage between the vertex and the pixel program is by D3D9 semantic (D3DDECLUSAGE and
 *     index): the generated programs declare the same semantics as d3dbc programs, so any pair
 *     (FF or shader, vertex or pixel) links.
 *
 * The fixed-function vertex program's registers:
 *   inputs   v0 POSITION0 (or POSITIONT0: pre-transformed), v1 NORMAL0, v2 COLOR0, v3 COLOR1,
 *            v4..v11 TEXCOORD0..7, v12 BLENDWEIGHT0, v13 POSITION1, v14 NORMAL1, v15 PSIZE,
 *            v16 BLENDINDICES0 (FF_VS_IN_*);
 *   outputs  o0 POSITION (SV_Position), o1 COLOR0 (diffuse), o2 COLOR1 (specular), o3 FOG (.x:
 *            the vertex fog factor), o4..o11 TEXCOORD0..7 = the coordinates of texture STAGE
 *            0..7 (after D3DTSS_TEXCOORDINDEX selection, generation and transformation), o12
 *            PSIZE (.x: the point size in pixels, when the draw renders point squares).
 * The fixed-function pixel program's inputs: v0 COLOR0, v1 COLOR1, v2 FOG, v3..v10 TEXCOORD0..7,
 * v11 the position (SV_Position: z for table fog).  Output o0 COLOR0.
 */
#ifndef SOFTD3D_D3D9_DRAW_H
#define SOFTD3D_D3D9_DRAW_H

#include <stdbool.h>
#include <stdint.h>

#include "d3d9/d3d9_private.h"
#include "pipeline/draw.h"
#include "shader/ir.h"

struct d3d9_state;

#define D3D9_FF_STAGES 8
/* Lights one generated program handles.  Hardware mode: MaxActiveLights (8); software mode
 * ("unlimited") is capped here, the constant buffer's room (draw.c says what happens beyond). */
#define D3D9_FF_MAX_LIGHTS 64

/* ---- vertex inputs ----------------------------------------------------------------------- */

enum d3d9_ff_vs_input {
    FF_VS_IN_POSITION = 0,
    FF_VS_IN_NORMAL = 1,
    FF_VS_IN_COLOR0 = 2,
    FF_VS_IN_COLOR1 = 3,
    FF_VS_IN_TEXCOORD0 = 4,       /* .. + 7 */
    FF_VS_IN_BLENDWEIGHT = 12,
    FF_VS_IN_POSITION1 = 13,      /* tweening */
    FF_VS_IN_NORMAL1 = 14,
    FF_VS_IN_PSIZE = 15,          /* per-vertex point size (D3DFVF_PSIZE) */
    FF_VS_IN_BLENDINDICES = 16,   /* indexed vertex blending (D3DFVF_LASTBETA_*) */
    FF_VS_IN_COUNT = 17,
};

/* How the fetched value of an element becomes the float4 D3D9 defines (D3DDECLTYPE): the core
 * formats load UNORM/SNORM/FLOAT types directly; the integer types load as integers and the
 * program converts them. */
enum d3d9_input_conv {
    D3D9_CONV_NONE = 0,
    D3D9_CONV_UINT,               /* UBYTE4: (x, y, z, w) as floats */
    D3D9_CONV_SINT,               /* SHORT2, SHORT4 */
    D3D9_CONV_UDEC3,              /* UDEC3: (x, y, z, 1) from R10G10B10A2_UINT */
    D3D9_CONV_DEC3N,              /* DEC3N: 10-bit signed normalized x, y, z, and w = 1 */
};

/* A D3DDECLTYPE as a core format, its component count and its conversion; false for UNUSED and
 * unknown types. */
bool d3d9_decl_type_format(unsigned type, core_format *format, unsigned *comps,
                           enum d3d9_input_conv *conv);

/* ---- the fixed-function vertex key ------------------------------------------------------- */

struct d3d9_ff_vs_tex {
    uint8_t source;               /* texture coordinate set (D3DTSS_TEXCOORDINDEX & 7) */
    uint8_t gen;                  /* D3DTSS_TCI_* >> 16: 0 passthru .. 4 spheremap */
    uint8_t count;                /* D3DTTFF_COUNTn, 0 = no transformation */
    uint8_t out;                  /* 1: the output register is written */
};

struct d3d9_ff_vs_key {
    uint8_t transformed;          /* POSITIONT (D3DFVF_XYZRHW): no transform, no lighting */
    uint8_t lighting;             /* D3DRS_LIGHTING (and a normal is not required) */
    uint8_t normalize;            /* D3DRS_NORMALIZENORMALS */
    uint8_t local_viewer;         /* D3DRS_LOCALVIEWER */
    uint8_t specular;             /* D3DRS_SPECULARENABLE */
    uint8_t diffuse_src, ambient_src, specular_src, emissive_src;  /* D3DMCS_*, resolved: a
                                   * vertex colour that is absent (or COLORVERTEX FALSE) is
                                   * D3DMCS_MATERIAL */
    uint8_t fog_mode;             /* vertex fog D3DFOG_* (0: the factor is the specular alpha) */
    uint8_t range_fog;            /* D3DRS_RANGEFOGENABLE */
    uint8_t light_count;
    uint8_t blend;                /* D3DRS_VERTEXBLEND 1..3WEIGHTS: blend weights (matrices - 1) */
    uint8_t tween;                /* D3DVBF_TWEENING */
    uint8_t indexed;              /* D3DRS_INDEXEDVERTEXBLENDENABLE: 1 + the world matrices are
                                   * WORLDMATRIX(BLENDINDICES[i]), from the palette in cb1;
                                   * 2: the indices are normalized (D3DCOLOR, UBYTE4N): x 255 */
    uint8_t point_size;           /* o12 PSIZE is written (the draw renders point squares) */
    uint8_t point_scale;          /* D3DRS_POINTSCALEENABLE (not for pre-transformed vertices) */
    uint8_t in_comps[FF_VS_IN_COUNT];   /* 0: absent; else components of the element */
    uint8_t in_conv[FF_VS_IN_COUNT];    /* enum d3d9_input_conv */
    struct d3d9_ff_vs_tex tex[D3D9_FF_STAGES];
    uint8_t light_type[D3D9_FF_MAX_LIGHTS];   /* D3DLIGHTTYPE of each active light */
};

/* Constant buffer layout of the fixed-function vertex program (vec4 indices into cb0). */
enum {
    FF_VSC_WVP = 0,               /* 4: world * view * projection, columns (dp4 rows) */
    FF_VSC_WV = 4,                /* 4: world * view, columns */
    FF_VSC_NORMAL = 8,            /* 3: inverse transpose of WV's 3x3, columns */
    FF_VSC_SCREEN = 11,           /* pre-transformed: (2/W, -2/H, -1 - 2X/W, 1 + 2Y/H) */
    FF_VSC_FOG = 12,              /* (start, end, density, 1 / (end - start)) */
    FF_VSC_AMBIENT = 13,          /* D3DRS_AMBIENT */
    FF_VSC_MATERIAL = 14,         /* 4: material diffuse, ambient, specular, emissive */
    FF_VSC_POWER = 18,            /* (material power, 0, 0, 0) */
    FF_VSC_TEXTURE = 19,          /* 8 x 4: D3DTS_TEXTUREn, columns */
    FF_VSC_WV1 = 51,              /* 3 x 4: WORLDMATRIX(1..3) * VIEW, columns (blending) */
    FF_VSC_NORMAL1 = 63,          /* 3 x 3: their normal matrices */
    FF_VSC_PROJ = 72,             /* 4: PROJECTION, columns (blending) */
    FF_VSC_TWEEN = 76,            /* (D3DRS_TWEENFACTOR, 0, 0, 0) */
    FF_VSC_POINT = 77,            /* 2: (D3DRS_POINTSIZE, POINTSCALE_A, _B, _C),
                                   * (viewport Height, 0, 0, 0) */
    FF_VSC_LIGHTS = 79,           /* FF_VSC_LIGHT_SIZE each */
    FF_VSC_LIGHT_SIZE = 7,        /* diffuse, specular, ambient, position (camera space),
                                   * direction (camera space, to the light, normalized),
                                   * attenuation (att0, att1, att2, range), spot (cos(theta/2),
                                   * cos(phi/2), falloff, 1 / (cos(theta/2) - cos(phi/2))) */
};
#define FF_VSC_SIZE(lights) (FF_VSC_LIGHTS + FF_VSC_LIGHT_SIZE * (lights))
/* Indexed vertex blending: cb1 holds, for each WORLDMATRIX(i), i = 0..255, FF_VSC_PALETTE_SIZE
 * vec4: WORLDMATRIX(i) * VIEW (4 columns), then its normal matrix (3 columns). */
#define FF_VSC_PALETTE_SLOT 1
#define FF_VSC_PALETTE_SIZE 7
#define FF_VSC_PALETTE_COUNT 256

/* ---- the fixed-function pixel key -------------------------------------------------------- */

struct d3d9_ff_ps_stage {
    uint8_t cop, aop;             /* D3DTOP_* (aop DISABLE: alpha passes through) */
    uint8_t carg[3], aarg[3];     /* D3DTA_* of ARG0, ARG1, ARG2 (only those the op reads) */
    uint8_t result_temp;          /* D3DTSS_RESULTARG is D3DTA_TEMP */
    uint8_t tex_dim;              /* 0: no texture bound; else enum ir_resource_dim */
    uint8_t project;              /* D3DTTFF_PROJECTED: 1 + the component divided by, or 0 */
    uint8_t tex_comps;            /* address components (2 for 2D, 3 for cube / volume) */
};

struct d3d9_ff_ps_key {
    uint8_t stage_count;          /* stages before the first COLOROP DISABLE */
    uint8_t specular_add;         /* D3DRS_SPECULARENABLE */
    uint8_t fog;                  /* 0 none; 1 the vertex factor; 2..4 table fog D3DFOG_EXP,
                                   * EXP2, LINEAR (D3DFOG_* + 1) */
    uint8_t alpha_func;           /* 0: no alpha test; else D3DCMPFUNC */
    uint8_t flat;                 /* D3DSHADE_FLAT: colours are constant over a primitive */
    uint8_t reserved[3];
    struct d3d9_ff_ps_stage stage[D3D9_FF_STAGES];
};

/* Constant buffer layout of the fixed-function pixel program (cb0). */
enum {
    FF_PSC_TFACTOR = 0,           /* D3DRS_TEXTUREFACTOR */
    FF_PSC_CONSTANT = 1,          /* 8: D3DTSS_CONSTANT of each stage */
    FF_PSC_FOG_COLOR = 9,         /* D3DRS_FOGCOLOR */
    FF_PSC_FOG = 10,              /* (start, end, density, 1 / (end - start)) */
    FF_PSC_ALPHA_REF = 11,        /* (D3DRS_ALPHAREF & 0xff, ...) */
    FF_PSC_BUMPENV = 12,          /* 2 per stage: (BUMPENVMAT00, 01, 10, 11),
                                   * (BUMPENVLSCALE, BUMPENVLOFFSET, 0, 0) */
    FF_PSC_SIZE = 12 + 2 * D3D9_FF_STAGES,
};

/* ---- keys and constants (ff_key.c) --------------------------------------------------------- */

/* What the vertex declaration provides to the FF program: comps/conv per FF_VS_IN_*. */
struct d3d9_ff_inputs {
    uint8_t comps[FF_VS_IN_COUNT];
    uint8_t conv[FF_VS_IN_COUNT];
    bool transformed;
    bool points;                  /* the draw renders point squares: write the point size */
    bool sprites;                 /* ... with D3DRS_POINTSPRITEENABLE: every stage's coordinates
                                   * are output (the sprite coordinates replace them) */
    bool indexed;                 /* indexed vertex blending applies (INDEXEDVERTEXBLENDENABLE
                                   * where MaxVertexBlendMatrixIndex allows it) */
    bool indices_normalized;      /* BLENDINDICES is D3DCOLOR / UBYTE4N (read / 255) */
};

/* The active lights: indices into st->lights, in index order, at most `max` (and
 * D3D9_FF_MAX_LIGHTS).  Returns how many are enabled in all (may exceed max). */
size_t d3d9_ff_active_lights(const struct d3d9_state *st, size_t max, uint32_t *out,
                             size_t *count);

void d3d9_ff_vs_key_build(const struct d3d9_state *st, const struct d3d9_ff_inputs *in,
                          const uint32_t *lights, size_t light_count,
                          struct d3d9_ff_vs_key *key);
/* Fills FF_VSC_SIZE(key->light_count) vec4 (the viewport is the D3D9 one). */
/* The world-space user clip plane `world` (SetClipPlane under the fixed-function pipeline) in
 * clip space; false when View * Projection is singular. */
bool d3d9_ff_clip_plane(const struct d3d9_state *st, const float world[4], float clip[4]);

void d3d9_ff_vs_constants(const struct d3d9_state *st, const struct d3d9_ff_vs_key *key,
                          const uint32_t *lights, float (*cb)[4]);
/* The indexed-blending palette: FF_VSC_PALETTE_COUNT * FF_VSC_PALETTE_SIZE vec4. */
void d3d9_ff_vs_palette(const struct d3d9_state *st, float (*cb)[4]);

/* `tex_dim[s]`: the resource dimension of the texture bound to sampler s (0: none). */
void d3d9_ff_ps_key_build(const struct d3d9_state *st, const uint8_t *tex_dim,
                          const struct d3d9_ff_vs_key *vs_key, struct d3d9_ff_ps_key *key);
void d3d9_ff_ps_constants(const struct d3d9_state *st, float (*cb)[4]);

uint64_t d3d9_key_hash(const void *key, size_t size);
void d3d9_color_to_float(DWORD argb, float out[4]);

/* ---- program generation (ff_vs.c, ff_ps.c) ------------------------------------------------ */

/* Build and validate the IR of a key.  IR_OK, IR_E_NOMEM or IR_E_INVALID (a bug: the message
 * is in err). */
int d3d9_ff_vs_generate(const struct d3d9_ff_vs_key *key, struct ir_program *out,
                        struct ir_error *err);
int d3d9_ff_ps_generate(const struct d3d9_ff_ps_key *key, struct ir_program *out,
                        struct ir_error *err);

/* ---- programs with their D3D9 semantics (program.c, shader.c) ---------------------------- */

/* The semantic of one register component: the D3DDECLUSAGE and index of the declaration that
 * covers it (usage 0xff: none) and that declaration's write mask.  ps_3_0 / vs_3_0 may declare
 * several semantics in the components of one register ("ps_3_0": "multiple usages are
 * permitted for components of a given register"). */
struct d3d9_semantic {
    uint8_t usage, index, mask;
};

/* A program the draw can run, with the D3DDECLUSAGE / index of every register (0xff: none;
 * the first declaration of the register) for vertex fetch, and of every component for
 * linkage. */
struct d3d9_program {
    struct draw_program *prog;
    uint8_t res_dim[32];              /* enum ir_resource_dim of each declared t#/s# slot */
    uint8_t in_usage[IR_MAX_INPUTS], in_index[IR_MAX_INPUTS];
    uint8_t out_usage[IR_MAX_OUTPUTS], out_index[IR_MAX_OUTPUTS];
    struct d3d9_semantic in_sem[IR_MAX_INPUTS][4], out_sem[IR_MAX_OUTPUTS][4];
};

/* From validated IR (which it does not keep).  DRAW_OK, DRAW_E_NOMEM or DRAW_E_INVALID. */
int d3d9_program_init(struct d3d9_program *p, const struct ir_program *ir);
void d3d9_program_cleanup(struct d3d9_program *p);

/* The pixel program's input sources by semantic (draw_linkage for draw.h). */
void d3d9_link(const struct d3d9_program *vs, const struct d3d9_program *ps,
               struct draw_linkage *out);

/* Sets link->attr_wrap from the D3DWRAPCOORD_0..3 bits wrap[n] that apply to the pixel
 * program's TEXCOORDn inputs (D3DRS_WRAPn, resolved by the caller), after d3d9_link. */
void d3d9_link_wrap(const struct d3d9_program *ps, const DWORD wrap[16],
                    struct draw_linkage *link);

/* ---- shaders (shader.c) -------------------------------------------------------------------- */

struct d3d9_shader;
/* The shader object behind a public interface of this device (NULL when not one of ours). */
struct d3d9_shader *d3d9_vertex_shader_impl(IDirect3DVertexShader9 *iface);
struct d3d9_shader *d3d9_pixel_shader_impl(IDirect3DPixelShader9 *iface);
/* The program to run for the shader: a variant with the given input conversions (vertex
 * shaders, conv[v#]; NULL: none), flat colour inputs, fog (pixel shaders: the d3d9_ff_ps_key
 * fog encoding, 0 for none) and the alpha test (pixel shaders: D3DCMPFUNC, 0 for none, and the
 * 8-bit reference).  NULL with a message in msg when it cannot run or memory runs out. */
const struct d3d9_program *d3d9_shader_program(struct d3d9_shader *s, const uint8_t *conv,
                                               bool flat, unsigned fog, unsigned alpha_func,
                                               unsigned alpha_ref, char *msg, size_t msg_size);

/* Fog and alpha test after a pixel shader (shader_fixed.c): fog in the d3d9_ff_ps_key
 * encoding, func a D3DCMPFUNC below ALWAYS (0: no test), ref 0..255.  The fog constants are
 * read from cb D3D9_PS_CB_FIXED.  IR_OK, IR_E_NOMEM or IR_E_INVALID (no room for registers). */
int d3d9_shader_add_epilogue(struct ir_program *ir, unsigned fog, unsigned func, unsigned ref);
/* Constant buffer of the fixed-function state a pixel shader's epilogue reads (vec4 indices). */
#define D3D9_PS_CB_FIXED 4        /* cb0..cb3: c#, i#, b#, the ps_1_x bump-map states */
enum {
    D3D9_PSF_FOG_COLOR = 0,       /* D3DRS_FOGCOLOR */
    D3D9_PSF_FOG = 1,             /* (start, end, density, 1 / (end - start)) */
    D3D9_PSF_SIZE = 2,
};
/* Major shader version (1..3); whether the shader was made by dev. */
unsigned d3d9_shader_major(const struct d3d9_shader *s);
bool d3d9_shader_of(const struct d3d9_shader *s, const struct d3d9_device *dev);
void d3d9_shader_fill_vtbl(IDirect3DDevice9Vtbl *v);

/* ---- the per-device renderer (draw.c) ------------------------------------------------------- */

void d3d9_draw_fill_vtbl(IDirect3DDevice9Vtbl *v);
/* process.c: ProcessVertices, DrawRectPatch, DrawTriPatch, DeletePatch */
void d3d9_process_fill_vtbl(IDirect3DDevice9Vtbl *v);
/* Frees the device's renderer and program caches (device destruction). */
void d3d9_draw_cleanup(struct d3d9_device *dev);
/* The device's renderer (created on first use; NULL when out of memory), whose workers
 * draw_context_parallel lends to Clear and ColorFill. */
struct draw_context *d3d9_draw_context(struct d3d9_device *dev);

/* ---- the vertex stage alone (draw.c, for ProcessVertices) -------------------------------------- */

struct d3d9_vertex_stage {
    const struct draw_desc *desc;        /* vs, link (every written output), streams,
                                          * elements, constants, vertex textures, the D3D9
                                          * viewport moved by +0.5 (draw.c), user clip planes */
    const struct d3d9_program *vs;       /* out_usage / out_index of the records' registers */
    const struct d3d9_ff_vs_key *ff;     /* the fixed-function key; NULL with a vertex shader */
    struct draw_context *dc;
};

/* The current vertex processing as a draw description (valid until the next draw or call of
 * this on the device), by the draw's own rules (a vertex declaration, the vertex program,
 * every stream it reads bound, software-mode buffers on a mixed device); point_size: the
 * fixed-function program writes PSIZE.  D3D_OK, or D3DERR_INVALIDCALL / E_OUTOFMEMORY with
 * the one-line message printed ("name: ...").  Caller holds the device lock. */
HRESULT d3d9_vertex_stage(struct d3d9_device *dev, const char *name, bool point_size,
                          struct d3d9_vertex_stage *out);

#endif /* SOFTD3D_D3D9_DRAW_H */
