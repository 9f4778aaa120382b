/* src/d3d9/d3d9_state.h — the Direct3D 9 device state (render, texture-stage and sampler
 * states, transforms, lights, bound objects, shader constants ...) and the masks state blocks
 * use to say which parts they hold.
 *
 * The draw path reads struct d3d9_state of the device (dev->state) under the device lock.  Every
 * object pointer in it holds a binding (d3d9_life_bind), never a public reference.
 *
 * Index spaces:
 *   render states       D3DRENDERSTATETYPE values, 0 .. D3D9_RS_COUNT-1 (gaps are not states)
 *   texture stages      0..7, D3DTEXTURESTAGESTATETYPE values 0 .. D3D9_TSS_COUNT-1
 *   samplers            slots 0..15 = pixel samplers, 16 = D3DDMAPSAMPLER,
 *                       17..20 = D3DVERTEXTEXTURESAMPLER0..3 (d3d9_sampler_slot())
 *   transforms          slots 0 = VIEW, 1 = PROJECTION, 2..9 = TEXTURE0..7,
 *                       10..265 = WORLDMATRIX(0..255) (d3d9_transform_slot())
 */
#ifndef SOFTD3D_D3D9_STATE_H
#define SOFTD3D_D3D9_STATE_H

#include <stdint.h>

#include "d3d9/d3d9_private.h"

#define D3D9_RS_COUNT (D3DRS_BLENDOPALPHA + 1)
#define D3D9_TSS_STAGES 8
#define D3D9_TSS_COUNT (D3DTSS_CONSTANT + 1)
#define D3D9_PIXEL_SAMPLERS 16
#define D3D9_VS_SAMPLERS 4       /* vs_3_0 vertex textures: D3DVERTEXTEXTURESAMPLER0..3 */
#define D3D9_SAMPLER_SLOTS 21
#define D3D9_SAMP_COUNT (D3DSAMP_DMAPOFFSET + 1)
#define D3D9_TRANSFORM_SLOTS 266
#define D3D9_MAX_STREAMS 16
#define D3D9_MAX_RTS 4
#define D3D9_CLIP_PLANES D3DMAXUSERCLIPPLANES
#define D3D9_VS_CONST_F 8192         /* software vertex processing (vs_3_sw): 8192 */
#define D3D9_PS_CONST_F 224          /* ps_3_0; ps_2_x has 32 */
#define D3D9_CONST_I 16
#define D3D9_CONST_B 16
#define D3D9_NO_PALETTE 0xffffu      /* GetCurrentTexturePalette before any Set */
#define D3D9_LIGHT_ENABLED 128       /* GetLightEnable's TRUE, as Windows writes it (state.c) */

/* Sampler number (0..15, D3DDMAPSAMPLER, D3DVERTEXTEXTURESAMPLER0..3) -> slot, or -1. */
int d3d9_sampler_slot(DWORD sampler);
/* D3DTRANSFORMSTATETYPE -> slot, or -1. */
int d3d9_transform_slot(D3DTRANSFORMSTATETYPE state);
/* True for a D3DRENDERSTATETYPE value that is a render state. */
bool d3d9_render_state_valid(DWORD state);
bool d3d9_tss_valid(DWORD type);

struct d3d9_light {
    DWORD index;
    D3DLIGHT9 light;
    bool enabled;
    bool has_light, has_enable;       /* state blocks: which halves the entry holds */
};

struct d3d9_palette {
    UINT number;
    PALETTEENTRY entries[256];
};

struct d3d9_stream {
    struct d3d9_buffer *buffer;
    UINT offset, stride;
    UINT freq;                        /* SetStreamSourceFreq setting (default 1) */
};

struct d3d9_state {
    DWORD rs[D3D9_RS_COUNT];
    DWORD tss[D3D9_TSS_STAGES][D3D9_TSS_COUNT];
    DWORD samp[D3D9_SAMPLER_SLOTS][D3D9_SAMP_COUNT];
    struct d3d9_texture *textures[D3D9_SAMPLER_SLOTS];
    D3DMATRIX transforms[D3D9_TRANSFORM_SLOTS];
    D3DMATERIAL9 material;
    D3DVIEWPORT9 viewport;
    RECT scissor;
    float clip_planes[D3D9_CLIP_PLANES][4];
    struct d3d9_light *lights;        /* sorted by index */
    size_t light_count, light_cap;
    DWORD fvf;
    struct d3d9_vertex_decl *decl;
    struct d3d9_stream streams[D3D9_MAX_STREAMS];
    struct d3d9_buffer *indices;
    IDirect3DVertexShader9 *vs;       /* held with a public reference (see state.c) */
    IDirect3DPixelShader9 *ps;
    float vs_f[D3D9_VS_CONST_F][4];
    int vs_i[D3D9_CONST_I][4];
    BOOL vs_b[D3D9_CONST_B];
    float ps_f[D3D9_PS_CONST_F][4];
    int ps_i[D3D9_CONST_I][4];
    BOOL ps_b[D3D9_CONST_B];
    float npatch_segments;
    UINT palette;                     /* current texture palette */
};

/* Which states a state block holds. */
struct d3d9_state_mask {
    uint32_t rs[(D3D9_RS_COUNT + 31) / 32];
    uint64_t tss[D3D9_TSS_STAGES];
    uint32_t samp[D3D9_SAMPLER_SLOTS];
    uint32_t textures;
    uint32_t transforms[(D3D9_TRANSFORM_SLOTS + 31) / 32];
    uint32_t clip_planes;
    uint32_t streams, stream_freq;
    uint32_t vs_f[D3D9_VS_CONST_F / 32];
    uint32_t ps_f[D3D9_PS_CONST_F / 32];
    uint16_t vs_i, vs_b, ps_i, ps_b;
    bool material, viewport, scissor, decl, indices, vs, ps, npatch, palette;
    bool all_lights;                  /* capture every light of the device */
    bool keep_stream_offsets;         /* Capture leaves the streams' offsets (stateblock.c) */
};

static inline void d3d9_mask_set(uint32_t *bits, unsigned i)
{
    bits[i / 32] |= 1u << (i % 32);
}
static inline bool d3d9_mask_test(const uint32_t *bits, unsigned i)
{
    return (bits[i / 32] >> (i % 32)) & 1u;
}

/* state.c */
void d3d9_state_init_defaults(struct d3d9_device *dev, struct d3d9_state *st);
/* Drops every binding of st and frees its light array (the struct stays). */
void d3d9_state_clear(struct d3d9_state *st);
/* The documented sets of D3DSBT_ALL / _PIXELSTATE / _VERTEXSTATE. */
void d3d9_state_mask_for_type(D3DSTATEBLOCKTYPE type, struct d3d9_state_mask *m);
/* Copies the masked states from src to dst, moving bindings (dst's old ones released).  Lights:
 * with m->all_lights every light of src; otherwise the entries of `lights_from` (the block's own
 * list) are refreshed from src.  Used by Capture (device -> block) and Apply (block -> device). */
void d3d9_state_copy_masked(struct d3d9_device *dev, struct d3d9_state *dst,
                            const struct d3d9_state *src, const struct d3d9_state_mask *m,
                            bool to_device);
/* Light list helpers. */
struct d3d9_light *d3d9_state_find_light(const struct d3d9_state *st, DWORD index);
struct d3d9_light *d3d9_state_add_light(struct d3d9_state *st, DWORD index);
/* The viewport (and scissor rect) covering render target 0. */
void d3d9_state_reset_viewport(struct d3d9_device *dev);

/* Binding helpers: replace *slot with obj (NULL allowed), moving the binding. */
void d3d9_bind_texture(struct d3d9_texture **slot, struct d3d9_texture *obj);
void d3d9_bind_buffer(struct d3d9_buffer **slot, struct d3d9_buffer *obj);
void d3d9_bind_decl(struct d3d9_vertex_decl **slot, struct d3d9_vertex_decl *obj);
void d3d9_bind_surface(struct d3d9_surface **slot, struct d3d9_surface *obj);
/* shader.c: the state's internal binding of a shader (bind true) or its end; NULL and objects
 * that are not softd3d shaders are ignored. */
void d3d9_vertex_shader_bind(IDirect3DVertexShader9 *shader, bool bind);
void d3d9_pixel_shader_bind(IDirect3DPixelShader9 *shader, bool bind);

/* state_vertex.c: streams, indices, declarations, shaders, constants, palettes ... */
void d3d9_state_vertex_fill_vtbl(IDirect3DDevice9Vtbl *v);
/* The float-constant limits of the current mode (MaxVertexShaderConst; 32 or 224 for ps). */
UINT d3d9_vs_const_f_limit(const struct d3d9_device *dev);
UINT d3d9_ps_const_f_limit(const struct d3d9_device *dev);

/* stateblock.c: the recording block, where Set* calls go between BeginStateBlock and
 * EndStateBlock.  Returns the state to write and the mask to mark: the device's own state (and
 * a NULL mask) when nothing is recording. */
struct d3d9_state *d3d9_state_target(struct d3d9_device *dev, struct d3d9_state_mask **mask);
/* Drops a block still being recorded (device destruction, Reset). */
void d3d9_stateblock_discard_recording(struct d3d9_device *dev);

#endif /* SOFTD3D_D3D9_STATE_H */
