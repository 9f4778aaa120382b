/* src/d3d9/stateblock.c — IDirect3DStateBlock9, CreateStateBlock, BeginStateBlock and
 * EndStateBlock.
 *
 * What the predefined blocks hold ("Saving Pixel State", "Saving Vertex States", "Saving All
 * Device States with a StateBlock (Direct3D 9)"):
 *   D3DSBT_PIXELSTATE: the render states of the pixel table (ZENABLE, FILLMODE, SHADEMODE,
 *     ZWRITEENABLE, ALPHATESTENABLE, LASTPIXEL, SRCBLEND, DESTBLEND, ZFUNC, ALPHAREF, ALPHAFUNC,
 *     DITHERENABLE, FOGSTART, FOGEND, FOGDENSITY, ALPHABLENDENABLE, DEPTHBIAS, the STENCIL*
 *     states, TEXTUREFACTOR, WRAP0..15, LOCALVIEWER, the four *MATERIALSOURCE, COLORWRITEENABLE
 *     (0..3), BLENDOP, SCISSORTESTENABLE, SLOPESCALEDEPTHBIAS, ANTIALIASEDLINEENABLE,
 *     TWOSIDEDSTENCILMODE, CCW_STENCIL*, BLENDFACTOR, SRGBWRITEENABLE, SEPARATEALPHABLENDENABLE,
 *     SRCBLENDALPHA, DESTBLENDALPHA, BLENDOPALPHA, and SPECULARENABLE), the texture-stage states
 *     of its table (all but none: COLOROP .. RESULTARG, TEXCOORDINDEX and TEXTURETRANSFORMFLAGS
 *     included; D3DTSS_CONSTANT, missing from the table, is a pixel state too), the sampler states
 *     ADDRESSU .. ELEMENTINDEX of every sampler, the pixel shader and its constants.
 *   D3DSBT_VERTEXSTATE: the render states of the vertex table (CULLMODE, FOGCOLOR, FOGTABLEMODE,
 *     FOGSTART, FOGEND, FOGDENSITY, RANGEFOGENABLE, AMBIENT, COLORVERTEX, FOGVERTEXMODE,
 *     CLIPPING, LIGHTING, LOCALVIEWER, the *MATERIALSOURCE states, VERTEXBLEND, CLIPPLANEENABLE,
 *     the POINT* states, MULTISAMPLEANTIALIAS, MULTISAMPLEMASK, PATCHEDGESTYLE,
 *     INDEXEDVERTEXBLENDENABLE, TWEENFACTOR, POSITIONDEGREE, NORMALDEGREE, the TESSELLATION and
 *     ADAPTIVETESS states), D3DSAMP_DMAPOFFSET, D3DTSS_TEXCOORDINDEX and
 *     TEXTURETRANSFORMFLAGS, the N-patch mode, every light and whether it is enabled, the vertex
 *     shader and its constants, every stream's frequency, the vertex declaration (and FVF).
 *   D3DSBT_ALL: both, plus every render, texture-stage and sampler state (the two tables leave
 *     out FOGENABLE and NORMALIZENORMALS, which are device state all the same), the textures of
 *     every sampler (pixel, vertex, displacement map), the current texture palette, every
 *     stream's buffer, offset and stride, the index buffer, the viewport, the scissor rect, the
 *     world, view, projection and texture transforms, the clip planes and the material.
 * A block made with CreateStateBlock captures those states at once; BeginStateBlock /
 * EndStateBlock record exactly the states set in between (the methods BeginStateBlock lists).
 * While recording, Set* calls go into the block only: the device state does not change until
 * the block is applied.  Capture refreshes the states the block holds from the device (for a
 * recorded block, only its recorded states and lights); Apply writes them to the device, "only
 * the device state that has been captured".
 *
 * Two Windows behaviours the reference pages do not describe (issue 14's conformance suite
 * checks both):
 *   - a block that holds the vertex declaration but captured a NULL one leaves the device's
 *     declaration alone on Apply (a NULL declaration is never applied);
 *   - stream offsets: CreateStateBlock captures every stream's buffer, offset and stride, but a
 *     later Capture of such a block refreshes only the buffer and the stride, keeping the offset
 *     of the first capture; a recorded block's Capture refreshes all three.
 *
 * Errors: CreateStateBlock with a type that is no D3DSTATEBLOCKTYPE, or during recording;
 * BeginStateBlock while recording; EndStateBlock without BeginStateBlock or with a NULL ppSB
 * (recording then goes on); Capture or Apply while a block is being recorded: all
 * D3DERR_INVALIDCALL.
 */
#include "d3d9/d3d9_state.h"

#include <stdlib.h>
#include <string.h>

#include "d3d9/d3d9_resource.h"
#include "softd3d_com_stubs.h"
#include "util/log.h"

struct d3d9_stateblock {
    IDirect3DStateBlock9 iface;
    struct d3d9_life life;
    struct d3d9_state state;          /* only the masked parts mean something */
    struct d3d9_state_mask mask;
};

struct d3d9_state *d3d9_state_target(struct d3d9_device *dev, struct d3d9_state_mask **mask)
{
    if (dev->recording) {
        *mask = &dev->recording->mask;
        return &dev->recording->state;
    }
    *mask = NULL;
    return dev->state;
}

/* ---------------------------------------------------------------- state sets */

static const D3DRENDERSTATETYPE pixel_rs[] = {
    D3DRS_ZENABLE, D3DRS_SPECULARENABLE, D3DRS_FILLMODE, D3DRS_SHADEMODE, D3DRS_ZWRITEENABLE,
    D3DRS_ALPHATESTENABLE, D3DRS_LASTPIXEL, D3DRS_SRCBLEND, D3DRS_DESTBLEND, D3DRS_ZFUNC,
    D3DRS_ALPHAREF, D3DRS_ALPHAFUNC, D3DRS_DITHERENABLE, D3DRS_FOGSTART, D3DRS_FOGEND,
    D3DRS_FOGDENSITY, D3DRS_ALPHABLENDENABLE, D3DRS_DEPTHBIAS, D3DRS_STENCILENABLE,
    D3DRS_STENCILFAIL, D3DRS_STENCILZFAIL, D3DRS_STENCILPASS, D3DRS_STENCILFUNC,
    D3DRS_STENCILREF, D3DRS_STENCILMASK, D3DRS_STENCILWRITEMASK, D3DRS_TEXTUREFACTOR,
    D3DRS_WRAP0, D3DRS_WRAP1, D3DRS_WRAP2, D3DRS_WRAP3, D3DRS_WRAP4, D3DRS_WRAP5, D3DRS_WRAP6,
    D3DRS_WRAP7, D3DRS_WRAP8, D3DRS_WRAP9, D3DRS_WRAP10, D3DRS_WRAP11, D3DRS_WRAP12,
    D3DRS_WRAP13, D3DRS_WRAP14, D3DRS_WRAP15, D3DRS_LOCALVIEWER, D3DRS_EMISSIVEMATERIALSOURCE,
    D3DRS_AMBIENTMATERIALSOURCE, D3DRS_DIFFUSEMATERIALSOURCE, D3DRS_SPECULARMATERIALSOURCE,
    D3DRS_COLORWRITEENABLE, D3DRS_BLENDOP, D3DRS_SCISSORTESTENABLE, D3DRS_SLOPESCALEDEPTHBIAS,
    D3DRS_ANTIALIASEDLINEENABLE, D3DRS_TWOSIDEDSTENCILMODE, D3DRS_CCW_STENCILFAIL,
    D3DRS_CCW_STENCILZFAIL, D3DRS_CCW_STENCILPASS, D3DRS_CCW_STENCILFUNC,
    D3DRS_COLORWRITEENABLE1, D3DRS_COLORWRITEENABLE2, D3DRS_COLORWRITEENABLE3,
    D3DRS_BLENDFACTOR, D3DRS_SRGBWRITEENABLE, D3DRS_SEPARATEALPHABLENDENABLE,
    D3DRS_SRCBLENDALPHA, D3DRS_DESTBLENDALPHA, D3DRS_BLENDOPALPHA,
};

static const D3DRENDERSTATETYPE vertex_rs[] = {
    D3DRS_CULLMODE, D3DRS_FOGCOLOR, D3DRS_FOGTABLEMODE, D3DRS_FOGSTART, D3DRS_FOGEND,
    D3DRS_FOGDENSITY, D3DRS_RANGEFOGENABLE, D3DRS_AMBIENT, D3DRS_COLORVERTEX,
    D3DRS_FOGVERTEXMODE, D3DRS_CLIPPING, D3DRS_LIGHTING, D3DRS_LOCALVIEWER,
    D3DRS_EMISSIVEMATERIALSOURCE, D3DRS_AMBIENTMATERIALSOURCE, D3DRS_DIFFUSEMATERIALSOURCE,
    D3DRS_SPECULARMATERIALSOURCE, D3DRS_VERTEXBLEND, D3DRS_CLIPPLANEENABLE, D3DRS_POINTSIZE,
    D3DRS_POINTSIZE_MIN, D3DRS_POINTSPRITEENABLE, D3DRS_POINTSCALEENABLE, D3DRS_POINTSCALE_A,
    D3DRS_POINTSCALE_B, D3DRS_POINTSCALE_C, D3DRS_MULTISAMPLEANTIALIAS, D3DRS_MULTISAMPLEMASK,
    D3DRS_PATCHEDGESTYLE, D3DRS_POINTSIZE_MAX, D3DRS_INDEXEDVERTEXBLENDENABLE,
    D3DRS_TWEENFACTOR, D3DRS_POSITIONDEGREE, D3DRS_NORMALDEGREE, D3DRS_MINTESSELLATIONLEVEL,
    D3DRS_MAXTESSELLATIONLEVEL, D3DRS_ADAPTIVETESS_X, D3DRS_ADAPTIVETESS_Y,
    D3DRS_ADAPTIVETESS_Z, D3DRS_ADAPTIVETESS_W, D3DRS_ENABLEADAPTIVETESSELLATION,
};

#define TSS_BIT(t) (1ull << (t))
#define PIXEL_TSS                                                                             \
    (TSS_BIT(D3DTSS_COLOROP) | TSS_BIT(D3DTSS_COLORARG1) | TSS_BIT(D3DTSS_COLORARG2) |         \
     TSS_BIT(D3DTSS_ALPHAOP) | TSS_BIT(D3DTSS_ALPHAARG1) | TSS_BIT(D3DTSS_ALPHAARG2) |         \
     TSS_BIT(D3DTSS_BUMPENVMAT00) | TSS_BIT(D3DTSS_BUMPENVMAT01) |                             \
     TSS_BIT(D3DTSS_BUMPENVMAT10) | TSS_BIT(D3DTSS_BUMPENVMAT11) |                             \
     TSS_BIT(D3DTSS_TEXCOORDINDEX) | TSS_BIT(D3DTSS_BUMPENVLSCALE) |                           \
     TSS_BIT(D3DTSS_BUMPENVLOFFSET) | TSS_BIT(D3DTSS_TEXTURETRANSFORMFLAGS) |                  \
     TSS_BIT(D3DTSS_COLORARG0) | TSS_BIT(D3DTSS_ALPHAARG0) | TSS_BIT(D3DTSS_RESULTARG) |       \
     TSS_BIT(D3DTSS_CONSTANT))
#define VERTEX_TSS (TSS_BIT(D3DTSS_TEXCOORDINDEX) | TSS_BIT(D3DTSS_TEXTURETRANSFORMFLAGS))
#define ALL_SAMP (((1u << D3D9_SAMP_COUNT) - 1) & ~1u)
#define VERTEX_SAMP (1u << D3DSAMP_DMAPOFFSET)
#define PIXEL_SAMP (ALL_SAMP & ~VERTEX_SAMP)

void d3d9_state_mask_for_type(D3DSTATEBLOCKTYPE type, struct d3d9_state_mask *m)
{
    memset(m, 0, sizeof(*m));
    if (type == D3DSBT_ALL || type == D3DSBT_PIXELSTATE) {
        for (size_t i = 0; i < sizeof(pixel_rs) / sizeof(pixel_rs[0]); i++)
            d3d9_mask_set(m->rs, pixel_rs[i]);
        for (int s = 0; s < D3D9_TSS_STAGES; s++)
            m->tss[s] |= PIXEL_TSS;
        for (int s = 0; s < D3D9_SAMPLER_SLOTS; s++)
            m->samp[s] |= PIXEL_SAMP;
        m->ps = true;
        memset(m->ps_f, 0xff, sizeof(m->ps_f));
        m->ps_i = m->ps_b = 0xffff;
    }
    if (type == D3DSBT_ALL || type == D3DSBT_VERTEXSTATE) {
        for (size_t i = 0; i < sizeof(vertex_rs) / sizeof(vertex_rs[0]); i++)
            d3d9_mask_set(m->rs, vertex_rs[i]);
        for (int s = 0; s < D3D9_TSS_STAGES; s++)
            m->tss[s] |= VERTEX_TSS;
        for (int s = 0; s < D3D9_SAMPLER_SLOTS; s++)
            m->samp[s] |= VERTEX_SAMP;
        m->npatch = true;
        m->all_lights = true;
        m->vs = true;
        memset(m->vs_f, 0xff, sizeof(m->vs_f));
        m->vs_i = m->vs_b = 0xffff;
        m->stream_freq = (1u << D3D9_MAX_STREAMS) - 1;
        m->decl = true;
    }
    if (type == D3DSBT_ALL) {
        for (DWORD i = 0; i < D3D9_RS_COUNT; i++)
            if (d3d9_render_state_valid(i))
                d3d9_mask_set(m->rs, i);
        for (int s = 0; s < D3D9_TSS_STAGES; s++)
            for (DWORD t = 0; t < D3D9_TSS_COUNT; t++)
                if (d3d9_tss_valid(t))
                    m->tss[s] |= TSS_BIT(t);
        for (int s = 0; s < D3D9_SAMPLER_SLOTS; s++)
            m->samp[s] = ALL_SAMP;
        m->textures = (1u << D3D9_SAMPLER_SLOTS) - 1;
        m->palette = true;
        m->streams = (1u << D3D9_MAX_STREAMS) - 1;
        m->indices = true;
        m->viewport = m->scissor = m->material = true;
        memset(m->transforms, 0xff, sizeof(m->transforms));
        m->clip_planes = 0xffffffffu;
    }
}

/* ------------------------------------------------------------------ copying */

static void copy_lights(struct d3d9_state *dst, const struct d3d9_state *src,
                        const struct d3d9_state_mask *m, bool to_device)
{
    if (to_device) {
        /* Apply: every light the block holds, with the halves it holds. */
        for (size_t i = 0; i < src->light_count; i++) {
            const struct d3d9_light *s = &src->lights[i];
            struct d3d9_light *d;
            if (!s->has_light && !s->has_enable)
                continue;
            if (!(d = d3d9_state_add_light(dst, s->index)))
                return;   /* out of memory: the remaining lights keep their values */
            if (s->has_light)
                d->light = s->light;
            if (s->has_enable)
                d->enabled = s->enabled;
        }
        return;
    }
    if (m->all_lights) {
        /* Capture of a predefined block: all the device's lights. */
        struct d3d9_light *copy = NULL;
        if (src->light_count && !(copy = malloc(src->light_count * sizeof(*copy))))
            return;
        if (copy)
            memcpy(copy, src->lights, src->light_count * sizeof(*copy));
        for (size_t i = 0; i < src->light_count; i++)
            copy[i].has_light = copy[i].has_enable = true;
        free(dst->lights);
        dst->lights = copy;
        dst->light_count = dst->light_cap = src->light_count;
        return;
    }
    /* Capture of a recorded block: refresh the lights it recorded. */
    for (size_t i = 0; i < dst->light_count; i++) {
        struct d3d9_light *d = &dst->lights[i];
        const struct d3d9_light *s = d3d9_state_find_light(src, d->index);
        if (!s)
            continue;
        if (d->has_light)
            d->light = s->light;
        if (d->has_enable)
            d->enabled = s->enabled;
    }
}

void d3d9_state_copy_masked(struct d3d9_device *dev, struct d3d9_state *dst,
                            const struct d3d9_state *src, const struct d3d9_state_mask *m,
                            bool to_device)
{
    (void)dev;
    for (DWORD i = 0; i < D3D9_RS_COUNT; i++)
        if (d3d9_mask_test(m->rs, i))
            dst->rs[i] = src->rs[i];
    for (int s = 0; s < D3D9_TSS_STAGES; s++)
        for (DWORD t = 0; t < D3D9_TSS_COUNT; t++)
            if (m->tss[s] & TSS_BIT(t))
                dst->tss[s][t] = src->tss[s][t];
    for (int s = 0; s < D3D9_SAMPLER_SLOTS; s++) {
        for (DWORD t = 0; t < D3D9_SAMP_COUNT; t++)
            if (m->samp[s] & (1u << t))
                dst->samp[s][t] = src->samp[s][t];
        if (m->textures & (1u << s))
            d3d9_bind_texture(&dst->textures[s], src->textures[s]);
    }
    for (unsigned i = 0; i < D3D9_TRANSFORM_SLOTS; i++)
        if (d3d9_mask_test(m->transforms, i))
            dst->transforms[i] = src->transforms[i];
    for (unsigned i = 0; i < D3D9_CLIP_PLANES; i++)
        if (m->clip_planes & (1u << i))
            memcpy(dst->clip_planes[i], src->clip_planes[i], sizeof(dst->clip_planes[i]));
    if (m->material)
        dst->material = src->material;
    if (m->viewport)
        dst->viewport = src->viewport;
    if (m->scissor)
        dst->scissor = src->scissor;
    for (int i = 0; i < D3D9_MAX_STREAMS; i++) {
        if (m->streams & (1u << i)) {
            d3d9_bind_buffer(&dst->streams[i].buffer, src->streams[i].buffer);
            if (to_device || !m->keep_stream_offsets)
                dst->streams[i].offset = src->streams[i].offset;
            dst->streams[i].stride = src->streams[i].stride;
        }
        if (m->stream_freq & (1u << i))
            dst->streams[i].freq = src->streams[i].freq;
    }
    if (m->indices)
        d3d9_bind_buffer(&dst->indices, src->indices);
    if (m->decl && (src->decl || !to_device)) {
        d3d9_bind_decl(&dst->decl, src->decl);
        dst->fvf = src->fvf;
    }
    if (m->vs && dst->vs != src->vs) {
        d3d9_vertex_shader_bind(src->vs, true);
        d3d9_vertex_shader_bind(dst->vs, false);
        dst->vs = src->vs;
    }
    if (m->ps && dst->ps != src->ps) {
        d3d9_pixel_shader_bind(src->ps, true);
        d3d9_pixel_shader_bind(dst->ps, false);
        dst->ps = src->ps;
    }
    for (unsigned i = 0; i < D3D9_VS_CONST_F; i++)
        if (m->vs_f[i / 32] && d3d9_mask_test(m->vs_f, i))
            memcpy(dst->vs_f[i], src->vs_f[i], sizeof(dst->vs_f[i]));
    for (unsigned i = 0; i < D3D9_PS_CONST_F; i++)
        if (m->ps_f[i / 32] && d3d9_mask_test(m->ps_f, i))
            memcpy(dst->ps_f[i], src->ps_f[i], sizeof(dst->ps_f[i]));
    for (unsigned i = 0; i < D3D9_CONST_I; i++) {
        if (m->vs_i & (1u << i))
            memcpy(dst->vs_i[i], src->vs_i[i], sizeof(dst->vs_i[i]));
        if (m->ps_i & (1u << i))
            memcpy(dst->ps_i[i], src->ps_i[i], sizeof(dst->ps_i[i]));
    }
    for (unsigned i = 0; i < D3D9_CONST_B; i++) {
        if (m->vs_b & (1u << i))
            dst->vs_b[i] = src->vs_b[i];
        if (m->ps_b & (1u << i))
            dst->ps_b[i] = src->ps_b[i];
    }
    if (m->npatch)
        dst->npatch_segments = src->npatch_segments;
    if (m->palette)
        dst->palette = src->palette;
    copy_lights(dst, src, m, to_device);
}

/* ------------------------------------------------------------------ the object */

static const GUID *const sb_iids[] = { &IID_IDirect3DStateBlock9, NULL };
D3D9_LIFE_IUNKNOWN(sb, IDirect3DStateBlock9, struct d3d9_stateblock, iface, life, sb_iids)

static void sb_destroy(struct d3d9_life *life)
{
    struct d3d9_stateblock *sb = container_of(life, struct d3d9_stateblock, life);
    d3d9_state_clear(&sb->state);
    free(sb);
}

static HRESULT STDMETHODCALLTYPE sb_GetDevice(IDirect3DStateBlock9 *iface, IDirect3DDevice9 **out)
{
    struct d3d9_stateblock *sb = sb_impl(iface);
    if (!out) {
        util_msg(false, "IDirect3DStateBlock9::GetDevice: ppDevice is NULL");
        return D3DERR_INVALIDCALL;
    }
    IDirect3DDevice9_AddRef(&sb->life.device->iface);
    *out = &sb->life.device->iface;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE sb_Capture(IDirect3DStateBlock9 *iface)
{
    struct d3d9_stateblock *sb = sb_impl(iface);
    struct d3d9_device *dev = sb->life.device;
    d3d9_device_lock_state(dev);
    if (dev->recording) {
        d3d9_device_unlock(dev);
        util_msg(false, "IDirect3DStateBlock9::Capture: a state block is being recorded");
        return D3DERR_INVALIDCALL;
    }
    d3d9_state_copy_masked(dev, &sb->state, dev->state, &sb->mask, false);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE sb_Apply(IDirect3DStateBlock9 *iface)
{
    struct d3d9_stateblock *sb = sb_impl(iface);
    struct d3d9_device *dev = sb->life.device;
    d3d9_device_lock_state(dev);
    if (dev->recording) {
        d3d9_device_unlock(dev);
        util_msg(false, "IDirect3DStateBlock9::Apply: a state block is being recorded");
        return D3DERR_INVALIDCALL;
    }
    d3d9_state_copy_masked(dev, dev->state, &sb->state, &sb->mask, true);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static IDirect3DStateBlock9Vtbl sb_vtbl = {
    .QueryInterface = sb_QueryInterface,
    .AddRef = sb_AddRef,
    .Release = sb_Release,
    .GetDevice = sb_GetDevice,
    .Capture = sb_Capture,
    .Apply = sb_Apply,
};

static struct d3d9_stateblock *sb_alloc(struct d3d9_device *dev, bool device_owned)
{
    struct d3d9_stateblock *sb = calloc(1, sizeof(*sb));
    if (!sb)
        return NULL;
    sb->iface.lpVtbl = &sb_vtbl;
    d3d9_life_init(&sb->life, dev, sb_destroy, false, device_owned);
    return sb;
}

static HRESULT STDMETHODCALLTYPE device_CreateStateBlock(IDirect3DDevice9 *iface,
                                                         D3DSTATEBLOCKTYPE type,
                                                         IDirect3DStateBlock9 **out)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    struct d3d9_stateblock *sb;
    if (!out) {
        util_msg(false, "CreateStateBlock: ppSB is NULL");
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (type != D3DSBT_ALL && type != D3DSBT_PIXELSTATE && type != D3DSBT_VERTEXSTATE) {
        util_msg(false, "CreateStateBlock: %u is not a D3DSTATEBLOCKTYPE", (unsigned)type);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    if (dev->recording) {
        d3d9_device_unlock(dev);
        util_msg(false, "CreateStateBlock: a state block is being recorded");
        return D3DERR_INVALIDCALL;
    }
    if (!(sb = sb_alloc(dev, false))) {
        d3d9_device_unlock(dev);
        util_msg(false, "CreateStateBlock: out of memory");
        return E_OUTOFMEMORY;
    }
    d3d9_state_mask_for_type(type, &sb->mask);
    d3d9_state_copy_masked(dev, &sb->state, dev->state, &sb->mask, false);
    sb->mask.keep_stream_offsets = true;   /* later Captures keep these offsets */
    d3d9_device_unlock(dev);
    *out = &sb->iface;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_BeginStateBlock(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    struct d3d9_stateblock *sb;
    d3d9_device_lock_state(dev);
    if (dev->recording) {
        d3d9_device_unlock(dev);
        util_msg(false, "BeginStateBlock: already recording");
        return D3DERR_INVALIDCALL;
    }
    if (!(sb = sb_alloc(dev, true))) {
        d3d9_device_unlock(dev);
        util_msg(false, "BeginStateBlock: out of memory");
        return E_OUTOFMEMORY;
    }
    dev->recording = sb;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_EndStateBlock(IDirect3DDevice9 *iface,
                                                      IDirect3DStateBlock9 **out)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    struct d3d9_stateblock *sb;
    if (!out) {
        util_msg(false, "EndStateBlock: ppSB is NULL");
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    d3d9_device_lock_state(dev);
    if (!(sb = dev->recording)) {
        d3d9_device_unlock(dev);
        util_msg(false, "EndStateBlock: BeginStateBlock was not called");
        return D3DERR_INVALIDCALL;
    }
    dev->recording = NULL;
    d3d9_device_unlock(dev);
    /* From the device's hold to the application's reference. */
    d3d9_life_addref(&sb->life);
    d3d9_life_unbind(&sb->life);
    *out = &sb->iface;
    return D3D_OK;
}

/* The device's end: a block still being recorded goes with it. */
void d3d9_stateblock_discard_recording(struct d3d9_device *dev)
{
    struct d3d9_stateblock *sb = dev->recording;
    dev->recording = NULL;
    if (sb)
        d3d9_life_unbind(&sb->life);
}

void d3d9_stateblock_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->CreateStateBlock = device_CreateStateBlock;
    v->BeginStateBlock = device_BeginStateBlock;
    v->EndStateBlock = device_EndStateBlock;
    comgen_fill_IDirect3DStateBlock9(&sb_vtbl);
}
