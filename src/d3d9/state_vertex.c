/* src/d3d9/state_vertex.c — the rest of the device state: vertex streams and their frequency,
 * the index buffer, the vertex declaration and FVF, shaders and shader constants, the N-patch
 * mode, palettes and the clip status.  (See state.c for the common rules: validate, then write
 * the device state or the block being recorded; getters read the device.)
 *
 * Streams (SetStreamSource): StreamNumber < MaxStreams; the buffer is a vertex buffer of this
 * device or NULL; a nonzero OffsetInBytes needs D3DDEVCAPS2_STREAMOFFSET; Stride <=
 * MaxStreamStride.  GetStreamSource needs all three out-pointers and AddRefs the buffer.
 * Stream frequency ("Efficiently Drawing Multiple Instances of Geometry", SetStreamSourceFreq):
 * the default setting is 1.  D3DSTREAMSOURCE_INDEXEDDATA | n and D3DSTREAMSOURCE_INSTANCEDATA | n
 * (n >= 1, not both flags) are instancing, and a plain divider n > 1 is vs_3_0 stream frequency:
 * both need VertexShaderVersion 3.0 in the caps of the current mode (seed 000: "D3DVS_VERSION(3,0)
 * guarantees support for instancing" — profiles 9_3 and max, and software vertex processing);
 * without it only the setting 1 is accepted.  Stream 0 holds the geometry: INSTANCEDATA on it is
 * D3DERR_INVALIDCALL.  A setting of 0 is D3DERR_INVALIDCALL.
 * SetFVF / SetVertexDeclaration: one replaces the other.  SetFVF(f) with a valid code sets the
 * declaration to the one f stands for (vertex_decl.c; GetVertexDeclaration returns it);
 * SetFVF(0) is documented nowhere; Windows returns D3D_OK and changes nothing, neither the
 * declaration nor GetFVF's value, and records nothing in a state block being recorded (issue
 * 14's conformance suite: a declaration set before SetFVF(0) still draws).  SetVertexDeclaration(d) sets d and makes GetFVF return the FVF code
 * equivalent to d, or 0 when d has none.  An invalid FVF code is D3DERR_INVALIDCALL.
 * Shaders (shader.c): SetVertexShader / SetPixelShader accept NULL; a shader is held by an
 * internal binding (d3d9_vertex_shader_bind), which keeps it alive without keeping the device
 * alive, like every other binding (d3d9_resource.h).
 * Constants: float registers StartRegister + count <= the limit of the current mode:
 * MaxVertexShaderConst (256 in hardware, 8192 in software: vs_3_sw), and for pixel shaders 32 up
 * to ps_2_x, 224 with ps_3_0; 16 integer vectors and 16 booleans for each (vs_2_0 and ps_2_0
 * register limits).  NULL data with a nonzero count is D3DERR_INVALIDCALL; count 0 is D3D_OK.
 * Palettes (SetPaletteEntries): PaletteNumber <= 0xFFFF; without D3DPTEXTURECAPS_ALPHAPALETTE
 * every peFlags must be 0xFF ("every entry in the palette must have alpha set to 1.0").
 * GetPaletteEntries of a palette never set is D3DERR_INVALIDCALL.  SetCurrentTexturePalette
 * takes any number <= 0xFFFF; GetCurrentTexturePalette returns 0xFFFF until one is set.
 * NPatchMode: any float is stored (below 1.0 disables N-patches).  Clip status: stored as set;
 * initially ClipUnion 0, ClipIntersection 0xFFFFFFFF (no vertex processed yet).
 */
#include "d3d9/d3d9_state.h"

#include <stdlib.h>
#include <string.h>

#include "d3d9/d3d9_resource.h"
#include "util/log.h"

#define DEV(iface) d3d9_device_from_iface(iface)

/* -------------------------------------------------------------------- streams */

static HRESULT STDMETHODCALLTYPE device_SetStreamSource(IDirect3DDevice9 *iface, UINT stream,
                                                        IDirect3DVertexBuffer9 *vb, UINT offset,
                                                        UINT stride)
{
    struct d3d9_device *dev = DEV(iface);
    const D3DCAPS9 *caps = d3d9_device_caps(dev);
    struct d3d9_buffer *b = d3d9_vertex_buffer_from_iface(vb);
    struct d3d9_state_mask *mask;
    struct d3d9_stream *s;
    if (stream >= caps->MaxStreams || stream >= D3D9_MAX_STREAMS) {
        util_msg(false, "SetStreamSource: stream %u >= MaxStreams %u", stream,
                 (unsigned)caps->MaxStreams);
        return D3DERR_INVALIDCALL;
    }
    if (vb && (!b || b->r.life.device != dev)) {
        util_msg(false, "SetStreamSource: not a vertex buffer of this device");
        return D3DERR_INVALIDCALL;
    }
    if (offset && !(caps->DevCaps2 & D3DDEVCAPS2_STREAMOFFSET)) {
        util_msg(false, "SetStreamSource: stream offsets need D3DDEVCAPS2_STREAMOFFSET");
        return D3DERR_INVALIDCALL;
    }
    if (stride > caps->MaxStreamStride) {
        util_msg(false, "SetStreamSource: Stride %u > MaxStreamStride %u", stride,
                 (unsigned)caps->MaxStreamStride);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    s = &d3d9_state_target(dev, &mask)->streams[stream];
    d3d9_bind_buffer(&s->buffer, b);
    s->offset = offset;
    s->stride = stride;
    if (mask)
        mask->streams |= 1u << stream;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetStreamSource(IDirect3DDevice9 *iface, UINT stream,
                                                        IDirect3DVertexBuffer9 **vb,
                                                        UINT *offset, UINT *stride)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_stream *s;
    if (!vb || !offset || !stride) {
        util_msg(false, "GetStreamSource: an out-pointer is NULL");
        return D3DERR_INVALIDCALL;
    }
    *vb = NULL;
    if (stream >= D3D9_MAX_STREAMS || stream >= d3d9_device_caps(dev)->MaxStreams) {
        util_msg(false, "GetStreamSource: stream %u does not exist", stream);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    s = &dev->state->streams[stream];
    if (s->buffer) {
        d3d9_life_addref(&s->buffer->r.life);
        *vb = &s->buffer->iface.vb;
    }
    *offset = s->offset;
    *stride = s->stride;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_SetStreamSourceFreq(IDirect3DDevice9 *iface, UINT stream,
                                                            UINT setting)
{
    static const char method[] = "SetStreamSourceFreq";
    struct d3d9_device *dev = DEV(iface);
    const D3DCAPS9 *caps = d3d9_device_caps(dev);
    UINT flags = setting & (D3DSTREAMSOURCE_INDEXEDDATA | D3DSTREAMSOURCE_INSTANCEDATA);
    UINT n = setting & ~(D3DSTREAMSOURCE_INDEXEDDATA | D3DSTREAMSOURCE_INSTANCEDATA);
    struct d3d9_state_mask *mask;
    if (stream >= caps->MaxStreams || stream >= D3D9_MAX_STREAMS) {
        util_msg(false, "%s: stream %u >= MaxStreams", method, stream);
        return D3DERR_INVALIDCALL;
    }
    if (!n || flags == (D3DSTREAMSOURCE_INDEXEDDATA | D3DSTREAMSOURCE_INSTANCEDATA)) {
        util_msg(false, "%s: setting 0x%x (a count >= 1 and at most one of INDEXEDDATA, "
                        "INSTANCEDATA)", method, setting);
        return D3DERR_INVALIDCALL;
    }
    if ((flags || n > 1) && D3DSHADER_VERSION_MAJOR(caps->VertexShaderVersion) < 3) {
        util_msg(false, "%s: setting 0x%x needs vs_3_0 (instancing: seed 000, profile %s has "
                        "vs_%u_%u in this mode)", method, setting, dev->profile->name,
                 (unsigned)D3DSHADER_VERSION_MAJOR(caps->VertexShaderVersion),
                 (unsigned)D3DSHADER_VERSION_MINOR(caps->VertexShaderVersion));
        return D3DERR_INVALIDCALL;
    }
    if (stream == 0 && (flags & D3DSTREAMSOURCE_INSTANCEDATA)) {
        util_msg(false, "%s: stream 0 holds the geometry; it cannot be instance data", method);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    d3d9_state_target(dev, &mask)->streams[stream].freq = setting;
    if (mask)
        mask->stream_freq |= 1u << stream;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetStreamSourceFreq(IDirect3DDevice9 *iface, UINT stream,
                                                            UINT *setting)
{
    struct d3d9_device *dev = DEV(iface);
    if (!setting || stream >= D3D9_MAX_STREAMS || stream >= d3d9_device_caps(dev)->MaxStreams) {
        util_msg(false, "GetStreamSourceFreq: pSetting is NULL or stream %u does not exist",
                 stream);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    *setting = dev->state->streams[stream].freq;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_SetIndices(IDirect3DDevice9 *iface,
                                                   IDirect3DIndexBuffer9 *ib)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_buffer *b = d3d9_index_buffer_from_iface(ib);
    struct d3d9_state_mask *mask;
    if (ib && (!b || b->r.life.device != dev)) {
        util_msg(false, "SetIndices: not an index buffer of this device");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    d3d9_bind_buffer(&d3d9_state_target(dev, &mask)->indices, b);
    if (mask)
        mask->indices = true;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetIndices(IDirect3DDevice9 *iface,
                                                   IDirect3DIndexBuffer9 **ib)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_buffer *b;
    if (!ib) {
        util_msg(false, "GetIndices: ppIndexData is NULL");
        return D3DERR_INVALIDCALL;
    }
    *ib = NULL;
    d3d9_device_lock_state(dev);
    if ((b = dev->state->indices)) {
        d3d9_life_addref(&b->r.life);
        *ib = &b->iface.ib;
    }
    d3d9_device_unlock(dev);
    return D3D_OK;
}

/* ------------------------------------------------------- declarations and FVF */

static HRESULT STDMETHODCALLTYPE device_SetVertexDeclaration(IDirect3DDevice9 *iface,
                                                             IDirect3DVertexDeclaration9 *decl)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_vertex_decl *d = d3d9_vertex_decl_from_iface(decl);
    struct d3d9_state_mask *mask;
    struct d3d9_state *st;
    if (decl && (!d || d->life.device != dev)) {
        util_msg(false, "SetVertexDeclaration: not a vertex declaration of this device");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    st = d3d9_state_target(dev, &mask);
    d3d9_bind_decl(&st->decl, d);
    st->fvf = d ? d->fvf : 0;
    if (mask)
        mask->decl = true;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetVertexDeclaration(IDirect3DDevice9 *iface,
                                                             IDirect3DVertexDeclaration9 **decl)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_vertex_decl *d;
    if (!decl) {
        util_msg(false, "GetVertexDeclaration: ppDecl is NULL");
        return D3DERR_INVALIDCALL;
    }
    *decl = NULL;
    d3d9_device_lock_state(dev);
    if ((d = dev->state->decl)) {
        d3d9_life_addref(&d->life);
        *decl = &d->iface;
    }
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_SetFVF(IDirect3DDevice9 *iface, DWORD fvf)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_vertex_decl *d = NULL;
    struct d3d9_state_mask *mask;
    struct d3d9_state *st;
    HRESULT hr;
    if (!fvf)
        return D3D_OK;   /* Windows: nothing changes (header comment) */
    if (!d3d9_fvf_valid(fvf)) {
        util_msg(false, "SetFVF: 0x%x is not a valid FVF code", (unsigned)fvf);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    if (FAILED(hr = d3d9_vertex_decl_for_fvf(dev, fvf, &d))) {
        d3d9_device_unlock(dev);
        return hr;
    }
    st = d3d9_state_target(dev, &mask);
    d3d9_bind_decl(&st->decl, d);
    st->fvf = fvf;
    if (mask)
        mask->decl = true;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetFVF(IDirect3DDevice9 *iface, DWORD *fvf)
{
    struct d3d9_device *dev = DEV(iface);
    if (!fvf) {
        util_msg(false, "GetFVF: pFVF is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    *fvf = dev->state->fvf;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

/* -------------------------------------------------------------------- shaders */

static HRESULT STDMETHODCALLTYPE device_SetVertexShader(IDirect3DDevice9 *iface,
                                                        IDirect3DVertexShader9 *shader)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    struct d3d9_state *st;
    IDirect3DVertexShader9 *old;
    d3d9_device_lock_state(dev);
    st = d3d9_state_target(dev, &mask);
    old = st->vs;
    d3d9_vertex_shader_bind(shader, true);
    st->vs = shader;
    if (mask)
        mask->vs = true;
    d3d9_vertex_shader_bind(old, false);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetVertexShader(IDirect3DDevice9 *iface,
                                                        IDirect3DVertexShader9 **shader)
{
    struct d3d9_device *dev = DEV(iface);
    if (!shader) {
        util_msg(false, "GetVertexShader: ppShader is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    if ((*shader = dev->state->vs))
        IDirect3DVertexShader9_AddRef(*shader);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_SetPixelShader(IDirect3DDevice9 *iface,
                                                       IDirect3DPixelShader9 *shader)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    struct d3d9_state *st;
    IDirect3DPixelShader9 *old;
    d3d9_device_lock_state(dev);
    st = d3d9_state_target(dev, &mask);
    old = st->ps;
    d3d9_pixel_shader_bind(shader, true);
    st->ps = shader;
    if (mask)
        mask->ps = true;
    d3d9_pixel_shader_bind(old, false);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetPixelShader(IDirect3DDevice9 *iface,
                                                       IDirect3DPixelShader9 **shader)
{
    struct d3d9_device *dev = DEV(iface);
    if (!shader) {
        util_msg(false, "GetPixelShader: ppShader is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    if ((*shader = dev->state->ps))
        IDirect3DPixelShader9_AddRef(*shader);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

/* ------------------------------------------------------------------ constants */

UINT d3d9_vs_const_f_limit(const struct d3d9_device *dev)
{
    UINT n = d3d9_device_caps(dev)->MaxVertexShaderConst;
    return n < D3D9_VS_CONST_F ? n : D3D9_VS_CONST_F;
}

UINT d3d9_ps_const_f_limit(const struct d3d9_device *dev)
{
    return D3DSHADER_VERSION_MAJOR(d3d9_device_caps(dev)->PixelShaderVersion) >= 3
               ? D3D9_PS_CONST_F
               : 32;
}

enum const_kind { CONST_F, CONST_I, CONST_B };

/* Copies `count` registers between the caller's data and the state (set: data -> state). */
static HRESULT shader_constants(struct d3d9_device *dev, const char *method, bool pixel,
                                enum const_kind kind, bool set, UINT start, void *data,
                                UINT count)
{
    struct d3d9_state_mask *mask = NULL;
    struct d3d9_state *st;
    UINT limit = kind == CONST_F ? (pixel ? d3d9_ps_const_f_limit(dev) : d3d9_vs_const_f_limit(dev))
                 : kind == CONST_I ? D3D9_CONST_I
                                   : D3D9_CONST_B;
    size_t reg = kind == CONST_F ? 4 * sizeof(float) : kind == CONST_I ? 4 * sizeof(int)
                                                                       : sizeof(BOOL);
    unsigned char *base;
    if ((uint64_t)start + count > limit) {
        util_msg(false, "%s: registers %u..%u exceed the %u available", method, start,
                 start + count - 1, limit);
        return D3DERR_INVALIDCALL;
    }
    if (!count)
        return D3D_OK;
    if (!data) {
        util_msg(false, "%s: pConstantData is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    st = set ? d3d9_state_target(dev, &mask) : dev->state;
    switch (kind) {
    case CONST_F: base = pixel ? (unsigned char *)st->ps_f : (unsigned char *)st->vs_f; break;
    case CONST_I: base = pixel ? (unsigned char *)st->ps_i : (unsigned char *)st->vs_i; break;
    default: base = pixel ? (unsigned char *)st->ps_b : (unsigned char *)st->vs_b; break;
    }
    base += start * reg;
    if (set) {
        if (kind == CONST_B) {
            /* Any nonzero BOOL is TRUE. */
            const BOOL *in = data;
            BOOL *out = (BOOL *)base;
            for (UINT i = 0; i < count; i++)
                out[i] = in[i] ? TRUE : FALSE;
        } else {
            memcpy(base, data, count * reg);
        }
    } else {
        memcpy(data, base, count * reg);
    }
    if (mask) {
        for (UINT i = start; i < start + count; i++) {
            switch (kind) {
            case CONST_F: d3d9_mask_set(pixel ? mask->ps_f : mask->vs_f, i); break;
            case CONST_I: *(pixel ? &mask->ps_i : &mask->vs_i) |= (uint16_t)(1u << i); break;
            default: *(pixel ? &mask->ps_b : &mask->vs_b) |= (uint16_t)(1u << i); break;
            }
        }
    }
    d3d9_device_unlock(dev);
    return D3D_OK;
}

#define CONSTANT_METHODS(Stage, pixel, Kind, kind, T)                                         \
    static HRESULT STDMETHODCALLTYPE device_Set##Stage##ShaderConstant##Kind(                 \
        IDirect3DDevice9 *iface, UINT start, const T *data, UINT count)                       \
    {                                                                                         \
        return shader_constants(DEV(iface), "Set" #Stage "ShaderConstant" #Kind, pixel, kind, \
                                true, start, (void *)data, count);                           \
    }                                                                                         \
    static HRESULT STDMETHODCALLTYPE device_Get##Stage##ShaderConstant##Kind(                 \
        IDirect3DDevice9 *iface, UINT start, T *data, UINT count)                             \
    {                                                                                         \
        return shader_constants(DEV(iface), "Get" #Stage "ShaderConstant" #Kind, pixel, kind, \
                                false, start, data, count);                                  \
    }

CONSTANT_METHODS(Vertex, false, F, CONST_F, float)
CONSTANT_METHODS(Vertex, false, I, CONST_I, int)
CONSTANT_METHODS(Vertex, false, B, CONST_B, BOOL)
CONSTANT_METHODS(Pixel, true, F, CONST_F, float)
CONSTANT_METHODS(Pixel, true, I, CONST_I, int)
CONSTANT_METHODS(Pixel, true, B, CONST_B, BOOL)

/* ------------------------------------------------- N-patches, palettes, clip status */

static HRESULT STDMETHODCALLTYPE device_SetNPatchMode(IDirect3DDevice9 *iface, float segments)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    d3d9_device_lock_state(dev);
    d3d9_state_target(dev, &mask)->npatch_segments = segments;
    if (mask)
        mask->npatch = true;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static float STDMETHODCALLTYPE device_GetNPatchMode(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = DEV(iface);
    float f;
    d3d9_device_lock_state(dev);
    f = dev->state->npatch_segments;
    d3d9_device_unlock(dev);
    return f;
}

static struct d3d9_palette *find_palette(struct d3d9_device *dev, UINT number)
{
    for (size_t i = 0; i < dev->palette_count; i++)
        if (dev->palettes[i].number == number)
            return &dev->palettes[i];
    return NULL;
}

static HRESULT STDMETHODCALLTYPE device_SetPaletteEntries(IDirect3DDevice9 *iface, UINT number,
                                                          const PALETTEENTRY *entries)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_palette *p;
    if (!entries || number > 0xffff) {
        util_msg(false, "SetPaletteEntries: pEntries is NULL or PaletteNumber %u > 0xFFFF",
                 number);
        return D3DERR_INVALIDCALL;
    }
    if (!(dev->profile->caps.TextureCaps & D3DPTEXTURECAPS_ALPHAPALETTE)) {
        for (int i = 0; i < 256; i++) {
            if (entries[i].peFlags != 0xff) {
                util_msg(false, "SetPaletteEntries: entry %d has alpha %u; without "
                                "D3DPTEXTURECAPS_ALPHAPALETTE every alpha must be 0xFF", i,
                         entries[i].peFlags);
                return D3DERR_INVALIDCALL;
            }
        }
    }
    d3d9_device_lock(dev);   /* (views of P8 textures read the palettes) */
    if (!(p = find_palette(dev, number))) {
        struct d3d9_palette *n = realloc(dev->palettes, (dev->palette_count + 1) * sizeof(*n));
        if (!n) {
            d3d9_device_unlock(dev);
            util_msg(false, "SetPaletteEntries: out of memory");
            return E_OUTOFMEMORY;
        }
        dev->palettes = n;
        p = &dev->palettes[dev->palette_count++];
        p->number = number;
    }
    memcpy(p->entries, entries, sizeof(p->entries));
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetPaletteEntries(IDirect3DDevice9 *iface, UINT number,
                                                          PALETTEENTRY *entries)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_palette *p;
    HRESULT hr = D3D_OK;
    if (!entries) {
        util_msg(false, "GetPaletteEntries: pEntries is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    if ((p = find_palette(dev, number))) {
        memcpy(entries, p->entries, sizeof(p->entries));
    } else {
        util_msg(false, "GetPaletteEntries: palette %u was never set", number);
        hr = D3DERR_INVALIDCALL;
    }
    d3d9_device_unlock(dev);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_SetCurrentTexturePalette(IDirect3DDevice9 *iface,
                                                                 UINT number)
{
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state_mask *mask;
    if (number > 0xffff) {
        util_msg(false, "SetCurrentTexturePalette: PaletteNumber %u > 0xFFFF", number);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    d3d9_state_target(dev, &mask)->palette = number;
    if (mask)
        mask->palette = true;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetCurrentTexturePalette(IDirect3DDevice9 *iface,
                                                                 UINT *number)
{
    struct d3d9_device *dev = DEV(iface);
    if (!number) {
        util_msg(false, "GetCurrentTexturePalette: PaletteNumber is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    *number = dev->state->palette;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_SetClipStatus(IDirect3DDevice9 *iface,
                                                      const D3DCLIPSTATUS9 *status)
{
    struct d3d9_device *dev = DEV(iface);
    if (!status) {
        util_msg(false, "SetClipStatus: pClipStatus is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    dev->clip_status = *status;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_GetClipStatus(IDirect3DDevice9 *iface,
                                                      D3DCLIPSTATUS9 *status)
{
    struct d3d9_device *dev = DEV(iface);
    if (!status) {
        util_msg(false, "GetClipStatus: pClipStatus is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    *status = dev->clip_status;
    d3d9_device_unlock(dev);
    return D3D_OK;
}

void d3d9_state_vertex_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->SetStreamSource = device_SetStreamSource;
    v->GetStreamSource = device_GetStreamSource;
    v->SetStreamSourceFreq = device_SetStreamSourceFreq;
    v->GetStreamSourceFreq = device_GetStreamSourceFreq;
    v->SetIndices = device_SetIndices;
    v->GetIndices = device_GetIndices;
    v->SetVertexDeclaration = device_SetVertexDeclaration;
    v->GetVertexDeclaration = device_GetVertexDeclaration;
    v->SetFVF = device_SetFVF;
    v->GetFVF = device_GetFVF;
    v->SetVertexShader = device_SetVertexShader;
    v->GetVertexShader = device_GetVertexShader;
    v->SetPixelShader = device_SetPixelShader;
    v->GetPixelShader = device_GetPixelShader;
    v->SetVertexShaderConstantF = device_SetVertexShaderConstantF;
    v->GetVertexShaderConstantF = device_GetVertexShaderConstantF;
    v->SetVertexShaderConstantI = device_SetVertexShaderConstantI;
    v->GetVertexShaderConstantI = device_GetVertexShaderConstantI;
    v->SetVertexShaderConstantB = device_SetVertexShaderConstantB;
    v->GetVertexShaderConstantB = device_GetVertexShaderConstantB;
    v->SetPixelShaderConstantF = device_SetPixelShaderConstantF;
    v->GetPixelShaderConstantF = device_GetPixelShaderConstantF;
    v->SetPixelShaderConstantI = device_SetPixelShaderConstantI;
    v->GetPixelShaderConstantI = device_GetPixelShaderConstantI;
    v->SetPixelShaderConstantB = device_SetPixelShaderConstantB;
    v->GetPixelShaderConstantB = device_GetPixelShaderConstantB;
    v->SetNPatchMode = device_SetNPatchMode;
    v->GetNPatchMode = device_GetNPatchMode;
    v->SetPaletteEntries = device_SetPaletteEntries;
    v->GetPaletteEntries = device_GetPaletteEntries;
    v->SetCurrentTexturePalette = device_SetCurrentTexturePalette;
    v->GetCurrentTexturePalette = device_GetCurrentTexturePalette;
    v->SetClipStatus = device_SetClipStatus;
    v->GetClipStatus = device_GetClipStatus;
}
