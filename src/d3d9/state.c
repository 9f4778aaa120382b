/* src/d3d9/state.c — the device state: defaults, bindings, and the setters and getters of render
 * states, texture-stage states, sampler states, textures, transforms, viewport, scissor rect,
 * material, lights and clip planes.  (Streams, indices, vertex declarations, shaders and their
 * constants, palettes and the rest are in state_vertex.c.)
 *
 * Common rules.  Every setter validates first (D3DERR_INVALIDCALL, nothing changed) and then
 * writes either the device state or, between BeginStateBlock and EndStateBlock, only the block
 * being recorded (d3d9_state_target): recorded states do not change the device until the block
 * is applied.  Getters always read the device state.  Values are not checked where the reference
 * pages do not say they are (SetRenderState "does not validate" values: a wrong value is the
 * draw path's or ValidateDevice's business).
 *
 * Render states: every D3DRENDERSTATETYPE value has its documented default (D3DRENDERSTATETYPE
 * reference page); a number that is no render state is D3DERR_INVALIDCALL.  Two defaults need a
 * reading:
 *   - D3DRS_ZENABLE is D3DZB_TRUE when the device was created (or Reset) with
 *     EnableAutoDepthStencil, else D3DZB_FALSE;
 *   - D3DRS_POINTSIZE: "the default value is the value a driver returns"; the page also says that
 *     D3DRS_POINTSCALEENABLE FALSE and D3DRS_POINTSIZE 1.0 "are the default values", so 1.0f.
 *   - D3DRS_POINTSIZE_MAX: the enumeration page says 64.0f and the state-block page's table 1;
 *     Windows starts it at the caps' MaxPointSize (the conformance suite of issue 14 reads it
 *     back on a fresh device), so that is the default: 64 on the 9_x profiles, 256 on max.
 * Texture-stage states: 8 stages (0..7), the D3DTEXTURESTAGESTATETYPE values; defaults COLOROP
 * MODULATE on stage 0 and DISABLE elsewhere, ALPHAOP SELECTARG1 / DISABLE, ARG1 TEXTURE, ARG2,
 * ARG0 and RESULTARG CURRENT, TEXCOORDINDEX the stage number, the rest 0.
 * Sampler states: samplers 0..15, D3DDMAPSAMPLER and D3DVERTEXTEXTURESAMPLER0..3; defaults
 * ADDRESSU/V/W WRAP, BORDERCOLOR 0, MAG/MINFILTER POINT, MIPFILTER NONE, MIPMAPLODBIAS 0,
 * MAXMIPLEVEL 0, MAXANISOTROPY 1, SRGBTEXTURE 0, ELEMENTINDEX 0, DMAPOFFSET 256.
 * D3DSAMP_MAXANISOTROPY: seed 003 requires that every setting from 1 to MaxAnisotropy be
 * accepted; SetSamplerState accepts every DWORD (it validates the sampler and the type, not the
 * value) and the state reads back as set, MaxAnisotropy + 1 included.  The draw path uses
 * min(max(value, 1), MaxAnisotropy); ValidateDevice is where a device reports an unsupported
 * filter setup (seed 003, "ValidateDevice": D3DERR_UNSUPPORTEDTEXTUREFILTER).
 * SetTexture: a texture of this device (or NULL) on a sampler above; D3DPOOL_SCRATCH textures
 * "cannot be ... set as textures": D3DERR_INVALIDCALL.  The texture stays alive while set
 * ("SetTexture increments the reference count": a binding, see d3d9_resource.h).
 * Transforms: VIEW, PROJECTION, TEXTURE0..7 and WORLDMATRIX(0..255); identity by default;
 * MultiplyTransform sets State to pMatrix x State ("the multiplication order is pMatrix times
 * State").
 * Viewport: MinZ and MaxZ in [0, 1], else D3DERR_INVALIDCALL.  The reference page asks for a
 * viewport inside render target 0, but Windows accepts one larger than the target or reaching
 * past its right or bottom edge (issue 14's conformance suite; programs that set the window's
 * size on a smaller target rely on it): it is kept as set, draws are clipped to the target by
 * the pipeline and Clear clears the intersection (blit.c).  SetRenderTarget(0) resets it to the
 * whole target, MinZ 0, MaxZ 1.
 * Scissor rect (Scissor Test (Direct3D 9)): the page says "scissor rectangles cannot be set
 * larger than the render target", but Windows accepts any rectangle with left <= right and
 * top <= bottom, negative or past the target (e.g. +-8192: Nuklear's D3D9 demo sets one on its
 * first frame), and clamps it to the target where it is used (draws: draw.c; Clear: blit.c);
 * GetScissorRect reads back what was set.  NULL or an inverted rectangle is D3DERR_INVALIDCALL.
 * It defaults to, and SetRenderTarget(0) resets it to, the whole render target.  It also limits
 * Clear when D3DRS_SCISSORTESTENABLE is TRUE (blit.c).
 * Lights: any DWORD index.  SetLight checks the documented D3DLIGHT9 ranges: Type POINT, SPOT or
 * DIRECTIONAL; for point and spot lights 0 <= Range <= sqrt(FLT_MAX) and Attenuation0..2 >= 0;
 * for spot lights 0 <= Theta <= Phi <= pi.  LightEnable of an index never set creates the
 * documented default light (directional, diffuse (1,1,1,0), direction (0,0,1)).  GetLight /
 * GetLightEnable of an index never set: D3DERR_INVALIDCALL.  GetLightEnable writes TRUE or FALSE.
 * How many lights may be enabled at once (MaxActiveLights: 8 in hardware, unlimited in software,
 * seed 002) is checked by the draw path, not here.
 * Clip planes: default 0.  The reference page asks for an index below MaxUserClipPlanes, but
 * Windows' runtime accepts indices up to 2 x D3DMAXUSERCLIPPLANES - 1 (63) and lets every index
 * at or past MaxUserClipPlanes address the last plane (MaxUserClipPlanes - 1): issue 14's
 * conformance suite sets plane 7 on a 6-plane device and reads it back through plane 5.  An
 * index of 64 or more, or a NULL plane, is D3DERR_INVALIDCALL.
 */
#include "d3d9/d3d9_state.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "d3d9/d3d9_resource.h"
#include "util/log.h"

/* ------------------------------------------------------------ index spaces */

int d3d9_sampler_slot(DWORD sampler)
{
    if (sampler < D3D9_PIXEL_SAMPLERS)
        return (int)sampler;
    if (sampler >= D3DDMAPSAMPLER && sampler <= D3DVERTEXTEXTURESAMPLER3)
        return (int)(sampler - D3DDMAPSAMPLER) + D3D9_PIXEL_SAMPLERS;
    return -1;
}

int d3d9_transform_slot(D3DTRANSFORMSTATETYPE state)
{
    DWORD s = (DWORD)state;
    if (s == D3DTS_VIEW)
        return 0;
    if (s == D3DTS_PROJECTION)
        return 1;
    if (s >= D3DTS_TEXTURE0 && s <= D3DTS_TEXTURE7)
        return (int)(s - D3DTS_TEXTURE0) + 2;
    if (s >= 256 && s <= 511)
        return (int)(s - 256) + 10;
    return -1;
}

static inline DWORD fbits(float f)
{
    DWORD d;
    memcpy(&d, &f, sizeof(d));
    return d;
}

/* The render states and their documented defaults (D3DRENDERSTATETYPE).  ZENABLE is patched by
 * d3d9_state_init_defaults. */
static const struct {
    D3DRENDERSTATETYPE state;
    DWORD value;
    bool is_float;
    float fvalue;
} rs_defaults[] = {
#define I(s, v) { s, v, false, 0.0f }
#define F(s, v) { s, 0, true, v }
    I(D3DRS_ZENABLE, D3DZB_FALSE), I(D3DRS_FILLMODE, D3DFILL_SOLID),
    I(D3DRS_SHADEMODE, D3DSHADE_GOURAUD), I(D3DRS_ZWRITEENABLE, TRUE),
    I(D3DRS_ALPHATESTENABLE, FALSE), I(D3DRS_LASTPIXEL, TRUE), I(D3DRS_SRCBLEND, D3DBLEND_ONE),
    I(D3DRS_DESTBLEND, D3DBLEND_ZERO), I(D3DRS_CULLMODE, D3DCULL_CCW),
    I(D3DRS_ZFUNC, D3DCMP_LESSEQUAL), I(D3DRS_ALPHAREF, 0), I(D3DRS_ALPHAFUNC, D3DCMP_ALWAYS),
    I(D3DRS_DITHERENABLE, FALSE), I(D3DRS_ALPHABLENDENABLE, FALSE), I(D3DRS_FOGENABLE, FALSE),
    I(D3DRS_SPECULARENABLE, FALSE), I(D3DRS_FOGCOLOR, 0), I(D3DRS_FOGTABLEMODE, D3DFOG_NONE),
    F(D3DRS_FOGSTART, 0.0f), F(D3DRS_FOGEND, 1.0f), F(D3DRS_FOGDENSITY, 1.0f),
    I(D3DRS_RANGEFOGENABLE, FALSE), I(D3DRS_STENCILENABLE, FALSE),
    I(D3DRS_STENCILFAIL, D3DSTENCILOP_KEEP), I(D3DRS_STENCILZFAIL, D3DSTENCILOP_KEEP),
    I(D3DRS_STENCILPASS, D3DSTENCILOP_KEEP), I(D3DRS_STENCILFUNC, D3DCMP_ALWAYS),
    I(D3DRS_STENCILREF, 0), I(D3DRS_STENCILMASK, 0xffffffffu),
    I(D3DRS_STENCILWRITEMASK, 0xffffffffu), I(D3DRS_TEXTUREFACTOR, 0xffffffffu),
    I(D3DRS_WRAP0, 0), I(D3DRS_WRAP1, 0), I(D3DRS_WRAP2, 0), I(D3DRS_WRAP3, 0),
    I(D3DRS_WRAP4, 0), I(D3DRS_WRAP5, 0), I(D3DRS_WRAP6, 0), I(D3DRS_WRAP7, 0),
    I(D3DRS_CLIPPING, TRUE), I(D3DRS_LIGHTING, TRUE), I(D3DRS_AMBIENT, 0),
    I(D3DRS_FOGVERTEXMODE, D3DFOG_NONE), I(D3DRS_COLORVERTEX, TRUE), I(D3DRS_LOCALVIEWER, TRUE),
    I(D3DRS_NORMALIZENORMALS, FALSE), I(D3DRS_DIFFUSEMATERIALSOURCE, D3DMCS_COLOR1),
    I(D3DRS_SPECULARMATERIALSOURCE, D3DMCS_COLOR2),
    I(D3DRS_AMBIENTMATERIALSOURCE, D3DMCS_MATERIAL),
    I(D3DRS_EMISSIVEMATERIALSOURCE, D3DMCS_MATERIAL), I(D3DRS_VERTEXBLEND, D3DVBF_DISABLE),
    I(D3DRS_CLIPPLANEENABLE, 0), F(D3DRS_POINTSIZE, 1.0f), F(D3DRS_POINTSIZE_MIN, 1.0f),
    I(D3DRS_POINTSPRITEENABLE, FALSE), I(D3DRS_POINTSCALEENABLE, FALSE),
    F(D3DRS_POINTSCALE_A, 1.0f), F(D3DRS_POINTSCALE_B, 0.0f), F(D3DRS_POINTSCALE_C, 0.0f),
    I(D3DRS_MULTISAMPLEANTIALIAS, TRUE), I(D3DRS_MULTISAMPLEMASK, 0xffffffffu),
    I(D3DRS_PATCHEDGESTYLE, D3DPATCHEDGE_DISCRETE), I(D3DRS_DEBUGMONITORTOKEN, D3DDMT_ENABLE),
    F(D3DRS_POINTSIZE_MAX, 64.0f) /* replaced by MaxPointSize */,
    I(D3DRS_INDEXEDVERTEXBLENDENABLE, FALSE),
    I(D3DRS_COLORWRITEENABLE, 0xf), F(D3DRS_TWEENFACTOR, 0.0f), I(D3DRS_BLENDOP, D3DBLENDOP_ADD),
    I(D3DRS_POSITIONDEGREE, D3DDEGREE_CUBIC), I(D3DRS_NORMALDEGREE, D3DDEGREE_LINEAR),
    I(D3DRS_SCISSORTESTENABLE, FALSE), F(D3DRS_SLOPESCALEDEPTHBIAS, 0.0f),
    I(D3DRS_ANTIALIASEDLINEENABLE, FALSE), F(D3DRS_MINTESSELLATIONLEVEL, 1.0f),
    F(D3DRS_MAXTESSELLATIONLEVEL, 1.0f), F(D3DRS_ADAPTIVETESS_X, 0.0f),
    F(D3DRS_ADAPTIVETESS_Y, 0.0f), F(D3DRS_ADAPTIVETESS_Z, 1.0f), F(D3DRS_ADAPTIVETESS_W, 0.0f),
    I(D3DRS_ENABLEADAPTIVETESSELLATION, FALSE), I(D3DRS_TWOSIDEDSTENCILMODE, FALSE),
    I(D3DRS_CCW_STENCILFAIL, D3DSTENCILOP_KEEP), I(D3DRS_CCW_STENCILZFAIL, D3DSTENCILOP_KEEP),
    I(D3DRS_CCW_STENCILPASS, D3DSTENCILOP_KEEP), I(D3DRS_CCW_STENCILFUNC, D3DCMP_ALWAYS),
    I(D3DRS_COLORWRITEENABLE1, 0xf), I(D3DRS_COLORWRITEENABLE2, 0xf),
    I(D3DRS_COLORWRITEENABLE3, 0xf), I(D3DRS_BLENDFACTOR, 0xffffffffu),
    I(D3DRS_SRGBWRITEENABLE, 0), F(D3DRS_DEPTHBIAS, 0.0f), I(D3DRS_WRAP8, 0), I(D3DRS_WRAP9, 0),
    I(D3DRS_WRAP10, 0), I(D3DRS_WRAP11, 0), I(D3DRS_WRAP12, 0), I(D3DRS_WRAP13, 0),
    I(D3DRS_WRAP14, 0), I(D3DRS_WRAP15, 0), I(D3DRS_SEPARATEALPHABLENDENABLE, FALSE),
    I(D3DRS_SRCBLENDALPHA, D3DBLEND_ONE), I(D3DRS_DESTBLENDALPHA, D3DBLEND_ZERO),
    I(D3DRS_BLENDOPALPHA, D3DBLENDOP_ADD),
#undef I
#undef F
};

static bool rs_valid[D3D9_RS_COUNT];
static pthread_once_t rs_once = PTHREAD_ONCE_INIT;

static void rs_valid_init(void)
{
    for (size_t i = 0; i < sizeof(rs_defaults) / sizeof(rs_defaults[0]); i++)
        rs_valid[rs_defaults[i].state] = true;
}

bool d3d9_render_state_valid(DWORD state)
{
    pthread_once(&rs_once, rs_valid_init);
    return state < D3D9_RS_COUNT && rs_valid[state];
}

bool d3d9_tss_valid(DWORD type)
{
    return (type >= D3DTSS_COLOROP && type <= D3DTSS_TEXCOORDINDEX) ||
           (type >= D3DTSS_BUMPENVLSCALE && type <= D3DTSS_TEXTURETRANSFORMFLAGS) ||
           (type >= D3DTSS_COLORARG0 && type <= D3DTSS_RESULTARG) || type == D3DTSS_CONSTANT;
}

static bool samp_valid(DWORD type)
{
    return type >= D3DSAMP_ADDRESSU && type <= D3DSAMP_DMAPOFFSET;
}

static const D3DMATRIX identity = { { { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 } } };

/* ------------------------------------------------------------------ defaults */

void d3d9_state_init_defaults(struct d3d9_device *dev, struct d3d9_state *st)
{
    memset(st, 0, sizeof(*st));
    for (size_t i = 0; i < sizeof(rs_defaults) / sizeof(rs_defaults[0]); i++)
        st->rs[rs_defaults[i].state] =
            rs_defaults[i].is_float ? fbits(rs_defaults[i].fvalue) : rs_defaults[i].value;
    st->rs[D3DRS_ZENABLE] = dev->pp.EnableAutoDepthStencil ? D3DZB_TRUE : D3DZB_FALSE;
    st->rs[D3DRS_POINTSIZE_MAX] = fbits(d3d9_device_caps(dev)->MaxPointSize);
    for (DWORD s = 0; s < D3D9_TSS_STAGES; s++) {
        DWORD *t = st->tss[s];
        t[D3DTSS_COLOROP] = s ? D3DTOP_DISABLE : D3DTOP_MODULATE;
        t[D3DTSS_COLORARG1] = D3DTA_TEXTURE;
        t[D3DTSS_COLORARG2] = D3DTA_CURRENT;
        t[D3DTSS_ALPHAOP] = s ? D3DTOP_DISABLE : D3DTOP_SELECTARG1;
        t[D3DTSS_ALPHAARG1] = D3DTA_TEXTURE;
        t[D3DTSS_ALPHAARG2] = D3DTA_CURRENT;
        t[D3DTSS_TEXCOORDINDEX] = s;
        t[D3DTSS_TEXTURETRANSFORMFLAGS] = D3DTTFF_DISABLE;
        t[D3DTSS_COLORARG0] = D3DTA_CURRENT;
        t[D3DTSS_ALPHAARG0] = D3DTA_CURRENT;
        t[D3DTSS_RESULTARG] = D3DTA_CURRENT;
    }
    for (int s = 0; s < D3D9_SAMPLER_SLOTS; s++) {
        DWORD *p = st->samp[s];
        p[D3DSAMP_ADDRESSU] = p[D3DSAMP_ADDRESSV] = p[D3DSAMP_ADDRESSW] = D3DTADDRESS_WRAP;
        p[D3DSAMP_MAGFILTER] = p[D3DSAMP_MINFILTER] = D3DTEXF_POINT;
        p[D3DSAMP_MIPFILTER] = D3DTEXF_NONE;
        p[D3DSAMP_MAXANISOTROPY] = 1;
        p[D3DSAMP_DMAPOFFSET] = 256;
    }
    for (int i = 0; i < D3D9_TRANSFORM_SLOTS; i++)
        st->transforms[i] = identity;
    for (int i = 0; i < D3D9_MAX_STREAMS; i++)
        st->streams[i].freq = 1;
    st->palette = D3D9_NO_PALETTE;
}

void d3d9_state_clear(struct d3d9_state *st)
{
    for (int i = 0; i < D3D9_SAMPLER_SLOTS; i++)
        d3d9_bind_texture(&st->textures[i], NULL);
    for (int i = 0; i < D3D9_MAX_STREAMS; i++)
        d3d9_bind_buffer(&st->streams[i].buffer, NULL);
    d3d9_bind_buffer(&st->indices, NULL);
    d3d9_bind_decl(&st->decl, NULL);
    d3d9_vertex_shader_bind(st->vs, false);
    d3d9_pixel_shader_bind(st->ps, false);
    st->vs = NULL;
    st->ps = NULL;
    free(st->lights);
    st->lights = NULL;
    st->light_count = st->light_cap = 0;
}

void d3d9_state_reset_viewport(struct d3d9_device *dev)
{
    struct d3d9_surface *rt = dev->rt[0];
    struct d3d9_state *st = dev->state;
    UINT w = rt ? rt->width : 0, h = rt ? rt->height : 0;
    st->viewport = (D3DVIEWPORT9){ 0, 0, w, h, 0.0f, 1.0f };
    st->scissor = (RECT){ 0, 0, (LONG)w, (LONG)h };
}

/* ------------------------------------------------------------------ bindings */

void d3d9_bind_texture(struct d3d9_texture **slot, struct d3d9_texture *obj)
{
    struct d3d9_texture *old = *slot;
    if (old == obj)
        return;
    if (obj)
        d3d9_life_bind(&obj->r.life);
    *slot = obj;
    if (old)
        d3d9_life_unbind(&old->r.life);
}

void d3d9_bind_buffer(struct d3d9_buffer **slot, struct d3d9_buffer *obj)
{
    struct d3d9_buffer *old = *slot;
    if (old == obj)
        return;
    if (obj)
        d3d9_life_bind(&obj->r.life);
    *slot = obj;
    if (old)
        d3d9_life_unbind(&old->r.life);
}

void d3d9_bind_decl(struct d3d9_vertex_decl **slot, struct d3d9_vertex_decl *obj)
{
    struct d3d9_vertex_decl *old = *slot;
    if (old == obj)
        return;
    if (obj)
        d3d9_life_bind(&obj->life);
    *slot = obj;
    if (old)
        d3d9_life_unbind(&old->life);
}

void d3d9_bind_surface(struct d3d9_surface **slot, struct d3d9_surface *obj)
{
    struct d3d9_surface *old = *slot;
    if (old == obj)
        return;
    if (obj)
        d3d9_life_bind(&obj->r.life);
    *slot = obj;
    if (old)
        d3d9_life_unbind(&old->r.life);
}

/* -------------------------------------------------------------------- lights */

struct d3d9_light *d3d9_state_find_light(const struct d3d9_state *st, DWORD index)
{
    size_t lo = 0, hi = st->light_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (st->lights[mid].index == index)
            return &st->lights[mid];
        if (st->lights[mid].index < index)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

struct d3d9_light *d3d9_state_add_light(struct d3d9_state *st, DWORD index)
{
    static const D3DLIGHT9 default_light = {
        .Type = D3DLIGHT_DIRECTIONAL,
        .Diffuse = { 1.0f, 1.0f, 1.0f, 0.0f },
        .Direction = { 0.0f, 0.0f, 1.0f },
    };
    struct d3d9_light *l = d3d9_state_find_light(st, index);
    size_t pos = 0;
    if (l)
        return l;
    if (st->light_count == st->light_cap) {
        size_t cap = st->light_cap ? st->light_cap * 2 : 8;
        struct d3d9_light *n = realloc(st->lights, cap * sizeof(*n));
        if (!n)
            return NULL;
        st->lights = n;
        st->light_cap = cap;
    }
    while (pos < st->light_count && st->lights[pos].index < index)
        pos++;
    memmove(&st->lights[pos + 1], &st->lights[pos],
            (st->light_count - pos) * sizeof(*st->lights));
    st->light_count++;
    l = &st->lights[pos];
    memset(l, 0, sizeof(*l));
    l->index = index;
    l->light = default_light;
    return l;
}

/* ------------------------------------------------------------ device methods */

#define DEV(iface) d3d9_device_from_iface(iface)

static HRESULT STDMETHODCALLTYPE device_SetRenderState(IDirect3DDevice9 *iface,
                                                       D3DRENDERSTATETYPE state, DWORD value)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    if (!d3d9_render_state_valid(state)) {
        util_msg(false, "SetRenderState: %u is not a D3DRENDERSTATETYPE", (unsigned)state);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    d3d9_state_target(dev, &mask)->rs[state] = value;
    if (mask)
        d3d9_mask_set(mask->rs, state);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetRenderState(IDirect3DDevice9 *iface,
                                                       D3DRENDERSTATETYPE state, DWORD *value)
{
    struct d3d9_device *dev = DEV(iface);
    if (!value || !d3d9_render_state_valid(state)) {
        util_msg(false, "GetRenderState: pValue is NULL or %u is not a D3DRENDERSTATETYPE",
                 (unsigned)state);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    *value = dev->state->rs[state];
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT check_tss(const char *method, DWORD stage, DWORD type)
{
    if (stage >= D3D9_TSS_STAGES || !d3d9_tss_valid(type)) {
        util_msg(false, "%s: stage %u (0..7) / type %u (a D3DTEXTURESTAGESTATETYPE)", method,
                 (unsigned)stage, (unsigned)type);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_SetTextureStageState(IDirect3DDevice9 *iface, DWORD stage,
                                                             D3DTEXTURESTAGESTATETYPE type,
                                                             DWORD value)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    HRESULT hr;
    if (FAILED(hr = check_tss("SetTextureStageState", stage, type)))
        return hr;
    d3d9_device_lock_state(dev);
    d3d9_state_target(dev, &mask)->tss[stage][type] = value;
    if (mask)
        mask->tss[stage] |= 1ull << type;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetTextureStageState(IDirect3DDevice9 *iface, DWORD stage,
                                                             D3DTEXTURESTAGESTATETYPE type,
                                                             DWORD *value)
{
    struct d3d9_device *dev = DEV(iface);
    HRESULT hr;
    if (FAILED(hr = check_tss("GetTextureStageState", stage, type)))
        return hr;
    if (!value) {
        util_msg(false, "GetTextureStageState: pValue is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    *value = dev->state->tss[stage][type];
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static int check_sampler(const char *method, DWORD sampler, DWORD type)
{
    int slot = d3d9_sampler_slot(sampler);
    if (slot < 0 || !samp_valid(type)) {
        util_msg(false, "%s: sampler %u (0..15, D3DDMAPSAMPLER, D3DVERTEXTEXTURESAMPLER0..3) / "
                        "type %u (a D3DSAMPLERSTATETYPE)", method, (unsigned)sampler,
                 (unsigned)type);
        return -1;
    }
    return slot;
}

static HRESULT STDMETHODCALLTYPE device_SetSamplerState(IDirect3DDevice9 *iface, DWORD sampler,
                                                        D3DSAMPLERSTATETYPE type, DWORD value)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    int slot = check_sampler("SetSamplerState", sampler, type);
    if (slot < 0)
        return D3DERR_INVALIDCALL;
    d3d9_device_lock_state(dev);
    d3d9_state_target(dev, &mask)->samp[slot][type] = value;
    if (mask)
        mask->samp[slot] |= 1u << type;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetSamplerState(IDirect3DDevice9 *iface, DWORD sampler,
                                                        D3DSAMPLERSTATETYPE type, DWORD *value)
{
    struct d3d9_device *dev = DEV(iface);
    int slot = check_sampler("GetSamplerState", sampler, type);
    if (slot < 0)
        return D3DERR_INVALIDCALL;
    if (!value) {
        util_msg(false, "GetSamplerState: pValue is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    *value = dev->state->samp[slot][type];
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_SetTexture(IDirect3DDevice9 *iface, DWORD stage,
                                                   IDirect3DBaseTexture9 *texture)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_texture *t = d3d9_texture_from_base(texture);
    struct d3d9_state_mask *mask;
    int slot = d3d9_sampler_slot(stage);
    if (slot < 0) {
        util_msg(false, "SetTexture: stage %u (0..15, D3DDMAPSAMPLER, "
                        "D3DVERTEXTEXTURESAMPLER0..3)", (unsigned)stage);
        return D3DERR_INVALIDCALL;
    }
    if (texture && (!t || t->r.life.device != dev)) {
        util_msg(false, "SetTexture: the texture is not a texture of this device");
        return D3DERR_INVALIDCALL;
    }
    if (t && t->r.pool == D3DPOOL_SCRATCH) {
        util_msg(false, "SetTexture: D3DPOOL_SCRATCH textures cannot be set as textures "
                        "(D3DPOOL)");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    d3d9_bind_texture(&d3d9_state_target(dev, &mask)->textures[slot], t);
    if (mask)
        mask->textures |= 1u << slot;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetTexture(IDirect3DDevice9 *iface, DWORD stage,
                                                   IDirect3DBaseTexture9 **out)
{
    struct d3d9_device *dev = DEV(iface);
    int slot = d3d9_sampler_slot(stage);
    struct d3d9_texture *t;
    if (!out) {
        util_msg(false, "GetTexture: ppTexture is NULL");
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (slot < 0) {
        util_msg(false, "GetTexture: stage %u does not exist", (unsigned)stage);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    if ((t = dev->state->textures[slot])) {
        d3d9_life_addref(&t->r.life);
        *out = &t->iface.base;
    }
    d3d9_device_unlock(dev);
    return D3D_OK;
}

/* ----------------------------------------------------------------- transforms */

static void matrix_multiply(D3DMATRIX *out, const D3DMATRIX *a, const D3DMATRIX *b)
{
    D3DMATRIX r;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            r.m[i][j] = a->m[i][0] * b->m[0][j] + a->m[i][1] * b->m[1][j] +
                        a->m[i][2] * b->m[2][j] + a->m[i][3] * b->m[3][j];
    *out = r;
}

static HRESULT transform_args(const char *method, D3DTRANSFORMSTATETYPE state, const void *m,
                              int *slot)
{
    *slot = d3d9_transform_slot(state);
    if (*slot < 0 || !m) {
        util_msg(false, "%s: pMatrix is NULL or %u is not a transform state (VIEW, PROJECTION, "
                        "TEXTURE0..7, WORLDMATRIX(0..255))", method, (unsigned)state);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_SetTransform(IDirect3DDevice9 *iface,
                                                     D3DTRANSFORMSTATETYPE state,
                                                     const D3DMATRIX *m)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    int slot;
    HRESULT hr;
    if (FAILED(hr = transform_args("SetTransform", state, m, &slot)))
        return hr;
    d3d9_device_lock_state(dev);
    d3d9_state_target(dev, &mask)->transforms[slot] = *m;
    if (mask)
        d3d9_mask_set(mask->transforms, (unsigned)slot);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetTransform(IDirect3DDevice9 *iface,
                                                     D3DTRANSFORMSTATETYPE state, D3DMATRIX *m)
{
    struct d3d9_device *dev = DEV(iface);
    int slot;
    HRESULT hr;
    if (FAILED(hr = transform_args("GetTransform", state, m, &slot)))
        return hr;
    d3d9_device_lock_state(dev);
    *m = dev->state->transforms[slot];
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_MultiplyTransform(IDirect3DDevice9 *iface,
                                                          D3DTRANSFORMSTATETYPE state,
                                                          const D3DMATRIX *m)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    D3DMATRIX r;
    int slot;
    HRESULT hr;
    if (FAILED(hr = transform_args("MultiplyTransform", state, m, &slot)))
        return hr;
    d3d9_device_lock_state(dev);
    /* The product uses the device's current matrix (recording or not). */
    matrix_multiply(&r, m, &dev->state->transforms[slot]);
    d3d9_state_target(dev, &mask)->transforms[slot] = r;
    if (mask)
        d3d9_mask_set(mask->transforms, (unsigned)slot);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

/* --------------------------------------------------------- viewport, scissor */

static HRESULT STDMETHODCALLTYPE device_SetViewport(IDirect3DDevice9 *iface,
                                                    const D3DVIEWPORT9 *vp)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    struct d3d9_surface *rt;
    if (!vp) {
        util_msg(false, "SetViewport: pViewport is NULL");
        return D3DERR_INVALIDCALL;
    }
    if (!(vp->MinZ >= 0.0f && vp->MinZ <= 1.0f && vp->MaxZ >= 0.0f && vp->MaxZ <= 1.0f)) {
        util_msg(false, "SetViewport: MinZ %g and MaxZ %g must lie in [0, 1]", (double)vp->MinZ,
                 (double)vp->MaxZ);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    rt = dev->rt[0];
    if (!rt) {
        d3d9_device_unlock(dev);
        util_msg(false, "SetViewport: no render target 0 (the device needs a Reset)");
        return D3DERR_INVALIDCALL;
    }
    d3d9_state_target(dev, &mask)->viewport = *vp;
    if (mask)
        mask->viewport = true;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetViewport(IDirect3DDevice9 *iface, D3DVIEWPORT9 *vp)
{
    struct d3d9_device *dev = DEV(iface);
    if (!vp) {
        util_msg(false, "GetViewport: pViewport is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    *vp = dev->state->viewport;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_SetScissorRect(IDirect3DDevice9 *iface, const RECT *rect)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    if (!rect) {
        util_msg(false, "SetScissorRect: pRect is NULL");
        return D3DERR_INVALIDCALL;
    }
    if (rect->left > rect->right || rect->top > rect->bottom) {
        util_msg(false, "SetScissorRect: (%ld,%ld)-(%ld,%ld) is not a rectangle (left > right "
                        "or top > bottom)", (long)rect->left, (long)rect->top,
                 (long)rect->right, (long)rect->bottom);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    if (!dev->rt[0]) {
        d3d9_device_unlock(dev);
        util_msg(false, "SetScissorRect: no render target 0 (the device needs a Reset)");
        return D3DERR_INVALIDCALL;
    }
    d3d9_state_target(dev, &mask)->scissor = *rect;
    if (mask)
        mask->scissor = true;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetScissorRect(IDirect3DDevice9 *iface, RECT *rect)
{
    struct d3d9_device *dev = DEV(iface);
    if (!rect) {
        util_msg(false, "GetScissorRect: pRect is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    *rect = dev->state->scissor;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

/* ------------------------------------------------------------ material, lights */

static HRESULT STDMETHODCALLTYPE device_SetMaterial(IDirect3DDevice9 *iface,
                                                    const D3DMATERIAL9 *material)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    if (!material) {
        util_msg(false, "SetMaterial: pMaterial is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    d3d9_state_target(dev, &mask)->material = *material;
    if (mask)
        mask->material = true;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetMaterial(IDirect3DDevice9 *iface,
                                                    D3DMATERIAL9 *material)
{
    struct d3d9_device *dev = DEV(iface);
    if (!material) {
        util_msg(false, "GetMaterial: pMaterial is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    *material = dev->state->material;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT validate_light(const D3DLIGHT9 *l)
{
    const float range_max = sqrtf(FLT_MAX);
    if (l->Type != D3DLIGHT_POINT && l->Type != D3DLIGHT_SPOT &&
        l->Type != D3DLIGHT_DIRECTIONAL) {
        util_msg(false, "SetLight: %u is not a D3DLIGHTTYPE", (unsigned)l->Type);
        return D3DERR_INVALIDCALL;
    }
    if (l->Type == D3DLIGHT_DIRECTIONAL)
        return D3D_OK;
    if (!(l->Range >= 0.0f && l->Range <= range_max)) {
        util_msg(false, "SetLight: Range %g outside [0, sqrt(FLT_MAX)] (D3DLIGHT9)",
                 (double)l->Range);
        return D3DERR_INVALIDCALL;
    }
    if (!(l->Attenuation0 >= 0.0f && l->Attenuation1 >= 0.0f && l->Attenuation2 >= 0.0f)) {
        util_msg(false, "SetLight: attenuation factors must be >= 0 (D3DLIGHT9)");
        return D3DERR_INVALIDCALL;
    }
    if (l->Type == D3DLIGHT_SPOT &&
        !(l->Theta >= 0.0f && l->Theta <= l->Phi && l->Phi <= (float)M_PI)) {
        util_msg(false, "SetLight: spot angles need 0 <= Theta (%g) <= Phi (%g) <= pi "
                        "(D3DLIGHT9)", (double)l->Theta, (double)l->Phi);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_SetLight(IDirect3DDevice9 *iface, DWORD index,
                                                 const D3DLIGHT9 *light)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    struct d3d9_light *l;
    HRESULT hr;
    if (!light) {
        util_msg(false, "SetLight: pLight is NULL");
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = validate_light(light)))
        return hr;
    d3d9_device_lock_state(dev);
    if (!(l = d3d9_state_add_light(d3d9_state_target(dev, &mask), index))) {
        d3d9_device_unlock(dev);
        util_msg(false, "SetLight: out of memory");
        return E_OUTOFMEMORY;
    }
    l->light = *light;
    l->has_light = true;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetLight(IDirect3DDevice9 *iface, DWORD index,
                                                 D3DLIGHT9 *light)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_light *l;
    HRESULT hr = D3D_OK;
    if (!light) {
        util_msg(false, "GetLight: pLight is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    if ((l = d3d9_state_find_light(dev->state, index))) {
        *light = l->light;
    } else {
        util_msg(false, "GetLight: light %u was never set", (unsigned)index);
        hr = D3DERR_INVALIDCALL;
    }
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_LightEnable(IDirect3DDevice9 *iface, DWORD index,
                                                    BOOL enable)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    struct d3d9_light *l;
    d3d9_device_lock_state(dev);
    if (!(l = d3d9_state_add_light(d3d9_state_target(dev, &mask), index))) {
        d3d9_device_unlock(dev);
        util_msg(false, "LightEnable: out of memory");
        return E_OUTOFMEMORY;
    }
    l->enabled = enable != FALSE;
    l->has_enable = true;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetLightEnable(IDirect3DDevice9 *iface, DWORD index,
                                                       BOOL *enable)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_light *l;
    HRESULT hr = D3D_OK;
    if (!enable) {
        util_msg(false, "GetLightEnable: pEnable is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    if ((l = d3d9_state_find_light(dev->state, index))) {
        *enable = l->enabled ? D3D9_LIGHT_ENABLED : FALSE;
    } else {
        util_msg(false, "GetLightEnable: light %u was never set", (unsigned)index);
        hr = D3DERR_INVALIDCALL;
    }
    d3d9_device_unlock(dev);
    return hr;
}

/* ----------------------------------------------------------------- clip planes */

/* The plane an index addresses (the header comment: indices past MaxUserClipPlanes alias the
 * last plane), or -1 with a message. */
static int clip_plane_slot(struct d3d9_device *dev, const char *method, DWORD index,
                           const void *plane)
{
    DWORD max = d3d9_device_caps(dev)->MaxUserClipPlanes;
    if (max > D3D9_CLIP_PLANES)
        max = D3D9_CLIP_PLANES;
    if (!plane || index >= 2 * D3DMAXUSERCLIPPLANES || !max) {
        util_msg(false, "%s: pPlane is NULL or index %u >= 2 x D3DMAXUSERCLIPPLANES (%u)",
                 method, (unsigned)index, 2u * D3DMAXUSERCLIPPLANES);
        return -1;
    }
    return (int)(index < max ? index : max - 1);
}

static HRESULT STDMETHODCALLTYPE device_SetClipPlane(IDirect3DDevice9 *iface, DWORD index,
                                                     const float *plane)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    int slot = clip_plane_slot(dev, "SetClipPlane", index, plane);
    if (slot < 0)
        return D3DERR_INVALIDCALL;
    d3d9_device_lock_state(dev);
    memcpy(d3d9_state_target(dev, &mask)->clip_planes[slot], plane, 4 * sizeof(float));
    if (mask)
        mask->clip_planes |= 1u << slot;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetClipPlane(IDirect3DDevice9 *iface, DWORD index,
                                                     float *plane)
{
    struct d3d9_device *dev = DEV(iface);
    int slot = clip_plane_slot(dev, "GetClipPlane", index, plane);
    if (slot < 0)
        return D3DERR_INVALIDCALL;
    d3d9_device_lock_state(dev);
    memcpy(plane, dev->state->clip_planes[slot], 4 * sizeof(float));
    d3d9_device_unlock(dev);
    return D3D_OK;
}

void d3d9_state_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->SetRenderState = device_SetRenderState;
    v->GetRenderState = device_GetRenderState;
    v->SetTextureStageState = device_SetTextureStageState;
    v->GetTextureStageState = device_GetTextureStageState;
    v->SetSamplerState = device_SetSamplerState;
    v->GetSamplerState = device_GetSamplerState;
    v->SetTexture = device_SetTexture;
    v->GetTexture = device_GetTexture;
    v->SetTransform = device_SetTransform;
    v->GetTransform = device_GetTransform;
    v->MultiplyTransform = device_MultiplyTransform;
    v->SetViewport = device_SetViewport;
    v->GetViewport = device_GetViewport;
    v->SetScissorRect = device_SetScissorRect;
    v->GetScissorRect = device_GetScissorRect;
    v->SetMaterial = device_SetMaterial;
    v->GetMaterial = device_GetMaterial;
    v->SetLight = device_SetLight;
    v->GetLight = device_GetLight;
    v->LightEnable = device_LightEnable;
    v->GetLightEnable = device_GetLightEnable;
    v->SetClipPlane = device_SetClipPlane;
    v->GetClipPlane = device_GetClipPlane;
    d3d9_state_vertex_fill_vtbl(v);
}
