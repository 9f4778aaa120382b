/* src/d3d9/process.c — IDirect3DDevice9::ProcessVertices: the current vertex processing (the
 * fixed-function vertex pipeline or the vertex shader) run on a range of the bound streams,
 * the results written interleaved into a vertex buffer as screen-space vertices.
 *
 * One vertex stage: draw.c builds the draw description exactly as for a draw of the streams
 * (d3d9_vertex_stage: the same rules, programs, constants and vertex textures), and the
 * pipeline's draw_process_vertices() runs the vertex fetch and program of a draw on the
 * range; this file checks the call and writes the records in the destination layout.
 *
 * Rules ("IDirect3DDevice9::ProcessVertices", "Device Types and Vertex Processing
 * Requirements", "Processing Vertex Data"); a refusal is D3DERR_INVALIDCALL with one line and
 * changes nothing:
 *  - vertex processing in software: a D3DCREATE_SOFTWARE_VERTEXPROCESSING device, or a mixed
 *    device after SetSoftwareVertexProcessing(TRUE) (ProcessVertices is software vertex
 *    processing: a hardware device, or a mixed one in hardware mode, refuses it);
 *  - Flags: 0 or D3DPV_DONOTCOPYDATA, "combined with one or more D3DLOCK values appropriate for
 *    the destination buffer" (DISCARD, NOOVERWRITE, NOSYSLOCK, DONOTWAIT, NO_DIRTY_UPDATE;
 *    READONLY is not: the buffer is written); any other bit is refused;
 *  - pDestBuffer: a vertex buffer of this device.  Its layout is pVertexDecl; without one, the
 *    FVF it was created with ("pDestBuffer must be created with a nonzero FVF parameter";
 *    softd3d asks for the FVF only when it is the layout: with pVertexDecl the declaration
 *    says everything); "when vertex shader 3.0 or above is set as the current vertex shader,
 *    the output vertex declaration must be present";
 *  - the declaration's stream-0 elements are the destination vertex (its size: the end of the
 *    last element; elements of other streams are ignored); DestIndex + VertexCount vertices
 *    must fit in the buffer, and the source range SrcStartIndex .. + VertexCount in every
 *    stream the vertex processing reads (offset + stride x (SrcStartIndex + VertexCount) bytes
 *    at most the buffer's size);
 *  - the rest is a draw's (draw.c): a declaration or FVF is set, the programs can be built,
 *    every stream read has a buffer, software-mode buffers on a mixed device.
 * VertexCount 0 checks the call and writes nothing.
 *
 * Output (the remarks' order of operations): the vertex is transformed to projection space
 * (clip space: x, y, z, w), then to screen coordinates with the viewport:
 *      sx = X + (1 + x/w) * Width / 2,   sy = Y + (1 - y/w) * Height / 2,
 *      sz = MinZ + z/w * (MaxZ - MinZ),  rhw = 1/w,
 * the D3D9 convention that puts pixel centres at integer coordinates: the result is exactly
 * what DrawPrimitive takes as a pre-transformed (D3DFVF_XYZRHW / POSITIONT) vertex, and
 * draw.c's +0.5 viewport move is the core's business, not the API's (a processed vertex drawn
 * as XYZRHW covers the pixels the untransformed vertex covers).  With D3DRS_CLIPPING TRUE, a
 * vertex outside the view frustum (-w <= x, y <= w, 0 <= z <= w, the enabled user clip planes;
 * w <= 0 is outside) is stored "in projection space coordinates" (x, y, z, w) instead; the
 * clip codes D3D9 keeps in "an internal buffer ... the user cannot access" are not kept, and
 * the device's clip status is not changed.  "Clipping is not performed on triangles or any
 * other primitives."
 *
 * The destination elements: POSITIONT0 / POSITION0 (FLOAT3: sx, sy, sz; FLOAT4: and rhw);
 * every other element takes the vertex program output of the same D3DDECLUSAGE and index
 * (COLOR0 diffuse, COLOR1 specular, TEXCOORDn, PSIZE, FOG...).  The fixed-function program's
 * TEXCOORDn is what texture stage n reads (D3DTSS_TEXCOORDINDEX, generation and
 * transformation applied).  Only the components the processing produces are written: the
 * texture coordinate components the fixed function generates (the source set's count when
 * passed through, 3 for CAMERASPACE* generation, 2 for SPHEREMAP, n for D3DTTFF_COUNTn), a
 * shader's written components — "Direct3D does not change these extra components".  With
 * vertex fog the fog factor is the specular alpha of the output (D3DFVF_SPECULAR: "the alpha
 * channel is the fog factor").  D3DPV_DONOTCOPYDATA: data "not affected by the vertex
 * operation" is not written: under the fixed function that is the colours when lighting is off
 * (the specular's alpha still written with vertex fog), the texture coordinates not generated
 * or transformed, the point size unless point scaling computes it; a shader's outputs are all
 * its operation's.  Destination types: FLOAT1..4, D3DCOLOR, UBYTE4, UBYTE4N (softd3d refuses
 * other types in a destination declaration with a message).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d9/d3d9_draw.h"
#include "d3d9/d3d9_resource.h"
#include "d3d9/d3d9_state.h"
#include "util/log.h"

#define PV_CHUNK 4096u   /* vertices processed at a time (bounds the record scratch) */

/* What one destination element is written from. */
struct pv_element {
    const D3DVERTEXELEMENT9 *e;
    int slot;                     /* attribute slot of the records; -1: the position */
    uint8_t mask;                 /* components written */
    bool fog_alpha;               /* COLOR1: the alpha is the fog factor (fog_slot) */
};

static UINT decl_type_size(BYTE type)
{
    switch (type) {
    case D3DDECLTYPE_FLOAT1: return 4;
    case D3DDECLTYPE_FLOAT2: return 8;
    case D3DDECLTYPE_FLOAT3: return 12;
    case D3DDECLTYPE_FLOAT4: return 16;
    case D3DDECLTYPE_D3DCOLOR: case D3DDECLTYPE_UBYTE4: case D3DDECLTYPE_UBYTE4N: return 4;
    default: return 0;
    }
}

static const char *const flags_ok_msg = "Flags may hold D3DPV_DONOTCOPYDATA and D3DLOCK_DISCARD, "
                                        "NOOVERWRITE, NOSYSLOCK, DONOTWAIT, NO_DIRTY_UPDATE";

/* The record slot of the vertex program output (usage, index), -1 when none is written. */
static int output_slot(const struct d3d9_vertex_stage *vs, unsigned usage, unsigned index,
                       uint8_t *mask)
{
    const struct draw_linkage *link = vs->desc->link;
    for (uint32_t k = 0; k < link->attr_count; k++) {
        unsigned reg = link->attr_reg[k];
        if (vs->vs->out_usage[reg] == usage && vs->vs->out_index[reg] == index) {
            *mask = vs->vs->prog->out_mask[reg];
            return (int)k;
        }
    }
    return -1;
}

/* Components of texture coordinate output n the fixed function produces, and whether the
 * vertex operation affects them (generated or transformed). */
static unsigned ff_tex_comps(const struct d3d9_ff_vs_key *k, unsigned n, bool *affected)
{
    const struct d3d9_ff_vs_tex *t = &k->tex[n];
    *affected = t->gen || t->count;
    if (!t->out)
        return 0;
    if (t->count)
        return t->count;
    if (t->gen)
        return t->gen == (D3DTSS_TCI_SPHEREMAP >> 16) ? 2 : 3;
    unsigned c = k->in_comps[FF_VS_IN_TEXCOORD0 + t->source];
    return c ? c : 0;
}

/* Plans the destination elements; false (message in msg) for a type softd3d does not write. */
static bool plan(const struct d3d9_vertex_stage *vs, const struct d3d9_vertex_decl *decl,
                 bool nocopy, struct pv_element *out, unsigned *count, int *fog_slot,
                 char *msg, size_t msg_size)
{
    const struct d3d9_ff_vs_key *ff = vs->ff;
    uint8_t fog_mask = 0;
    *fog_slot = output_slot(vs, D3DDECLUSAGE_FOG, 0, &fog_mask);
    if (!(fog_mask & 1u) || (ff && !ff->fog_mode))
        *fog_slot = -1;    /* FF: a factor only with vertex fog (ff_key.c) */
    *count = 0;
    for (UINT i = 0; i + 1 < decl->count; i++) {
        const D3DVERTEXELEMENT9 *e = &decl->elements[i];
        if (e->Stream != 0 || e->Type == D3DDECLTYPE_UNUSED)
            continue;
        if (!decl_type_size(e->Type)) {
            snprintf(msg, msg_size, "destination element %u (usage %u): type %u is not one "
                     "softd3d writes (FLOAT1..4, D3DCOLOR, UBYTE4, UBYTE4N)", i, e->Usage,
                     e->Type);
            return false;
        }
        struct pv_element p = { e, -1, 0, false };
        if ((e->Usage == D3DDECLUSAGE_POSITIONT || e->Usage == D3DDECLUSAGE_POSITION) &&
            e->UsageIndex == 0) {
            p.mask = 0xf;
            out[(*count)++] = p;
            continue;
        }
        p.slot = output_slot(vs, e->Usage, e->UsageIndex, &p.mask);
        bool affected = true;
        if (ff && p.slot >= 0) {
            switch (e->Usage) {
            case D3DDECLUSAGE_COLOR:
                affected = ff->lighting;
                break;
            case D3DDECLUSAGE_TEXCOORD: {
                unsigned c = e->UsageIndex < D3D9_FF_STAGES ?
                             ff_tex_comps(ff, e->UsageIndex, &affected) : 0;
                p.mask &= (uint8_t)((1u << c) - 1u);
                break;
            }
            case D3DDECLUSAGE_PSIZE:
                affected = ff->point_scale;
                break;
            default:
                break;
            }
        }
        if (e->Usage == D3DDECLUSAGE_COLOR && e->UsageIndex == 1 && *fog_slot >= 0)
            p.fog_alpha = true;
        if (nocopy && !affected) {
            if (!p.fog_alpha)
                continue;
            p.mask = 0;    /* only the fog factor */
        }
        if (p.slot < 0 && !p.fog_alpha)
            continue;      /* nothing produces it: untouched */
        if (p.slot < 0)
            p.mask = 0;
        out[(*count)++] = p;
    }
    return true;
}

static float bits_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

static uint8_t unorm8(float f)
{
    if (!(f > 0.0f))
        return 0;
    if (f >= 1.0f)
        return 255;
    return (uint8_t)(f * 255.0f + 0.5f);
}

static uint8_t ubyte(float f)
{
    if (!(f > 0.0f))
        return 0;
    if (f >= 255.0f)
        return 255;
    return (uint8_t)(f + 0.5f);
}

/* Writes the components of v in mask into the element at dst, in its type. */
static void store(BYTE type, uint8_t *dst, const float v[4], uint8_t mask)
{
    UINT n = decl_type_size(type);
    switch (type) {
    case D3DDECLTYPE_D3DCOLOR: {
        /* bytes B, G, R, A in memory (0xAARRGGBB) */
        static const int byte_of[4] = { 2, 1, 0, 3 };
        for (int c = 0; c < 4; c++)
            if (mask & (1u << c))
                dst[byte_of[c]] = unorm8(v[c]);
        break;
    }
    case D3DDECLTYPE_UBYTE4N:
    case D3DDECLTYPE_UBYTE4:
        for (int c = 0; c < 4; c++)
            if (mask & (1u << c))
                dst[c] = type == D3DDECLTYPE_UBYTE4 ? ubyte(v[c]) : unorm8(v[c]);
        break;
    default:
        for (UINT c = 0; c < n / 4; c++)
            if (mask & (1u << c))
                memcpy(dst + 4 * c, &v[c], 4);
        break;
    }
}

/* Inside the view frustum and the enabled user clip planes (the clip-space tests of the
 * draw path: D3D9's 0 <= z <= w). */
static bool inside(const struct draw_desc *d, const float p[4])
{
    float x = p[0], y = p[1], z = p[2], w = p[3];
    if (!(w > 0.0f) || !(x >= -w && x <= w && y >= -w && y <= w && z >= 0.0f && z <= w))
        return false;
    for (unsigned i = 0; i < d->user_clip_count && i < DRAW_MAX_USER_CLIP; i++) {
        const float *pl = d->user_clip[i];
        if (!(pl[0] * x + pl[1] * y + pl[2] * z + pl[3] * w >= 0.0f))
            return false;
    }
    return true;
}

static void write_vertex(const struct d3d9_state *st, const struct draw_desc *d,
                         const uint32_t *rec, const struct pv_element *pe, unsigned npe,
                         int fog_slot, uint8_t *dst)
{
    const D3DVIEWPORT9 *vp = &st->viewport;
    float clip[4], v[4];
    for (int c = 0; c < 4; c++)
        clip[c] = bits_float(rec[c]);
    float pos[4];
    if (st->rs[D3DRS_CLIPPING] && !inside(d, clip)) {
        memcpy(pos, clip, sizeof(pos));        /* "stored in projection space coordinates" */
    } else {
        float rhw = 1.0f / clip[3];
        pos[0] = (float)vp->X + (1.0f + clip[0] * rhw) * ((float)vp->Width * 0.5f);
        pos[1] = (float)vp->Y + (1.0f - clip[1] * rhw) * ((float)vp->Height * 0.5f);
        pos[2] = vp->MinZ + clip[2] * rhw * (vp->MaxZ - vp->MinZ);
        pos[3] = rhw;
    }
    for (unsigned i = 0; i < npe; i++) {
        const struct pv_element *p = &pe[i];
        uint8_t *at = dst + p->e->Offset;
        if (p->slot < 0 && !p->fog_alpha) {
            store(p->e->Type, at, pos, p->mask);
            continue;
        }
        uint8_t mask = p->mask;
        if (p->slot >= 0)
            for (int c = 0; c < 4; c++)
                v[c] = bits_float(rec[4 + 4 * p->slot + c]);
        if (p->fog_alpha) {
            v[3] = bits_float(rec[4 + 4 * fog_slot]);
            mask |= 8u;
        }
        store(p->e->Type, at, v, mask);
    }
}

static HRESULT STDMETHODCALLTYPE device_ProcessVertices(IDirect3DDevice9 *iface, UINT src_start,
                                                        UINT dest_index, UINT count,
                                                        IDirect3DVertexBuffer9 *dest_iface,
                                                        IDirect3DVertexDeclaration9 *decl_iface,
                                                        DWORD flags)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    static const DWORD flags_ok = D3DPV_DONOTCOPYDATA | D3DLOCK_DISCARD | D3DLOCK_NOOVERWRITE |
                                  D3DLOCK_NOSYSLOCK | D3DLOCK_DONOTWAIT |
                                  D3DLOCK_NO_DIRTY_UPDATE;
    DWORD behavior = dev->create.BehaviorFlags;
    bool software = (behavior & D3DCREATE_SOFTWARE_VERTEXPROCESSING) ||
                    ((behavior & D3DCREATE_MIXED_VERTEXPROCESSING) &&
                     atomic_load(&dev->software_vp));
    if (!software) {
        util_msg(false, "ProcessVertices: needs software vertex processing (a "
                 "D3DCREATE_SOFTWARE_VERTEXPROCESSING device, or a mixed device after "
                 "SetSoftwareVertexProcessing(TRUE))");
        return D3DERR_INVALIDCALL;
    }
    if (flags & ~flags_ok) {
        util_msg(false, "ProcessVertices: Flags 0x%x: %s", (unsigned)flags, flags_ok_msg);
        return D3DERR_INVALIDCALL;
    }
    struct d3d9_buffer *dest = d3d9_vertex_buffer_from_iface(dest_iface);
    if (!dest || dest->r.life.device != dev) {
        util_msg(false, "ProcessVertices: pDestBuffer is NULL or not a vertex buffer of this "
                 "device");
        return D3DERR_INVALIDCALL;
    }
    struct d3d9_vertex_decl *decl = NULL;
    if (decl_iface) {
        decl = d3d9_vertex_decl_from_iface(decl_iface);
        if (!decl || decl->life.device != dev) {
            util_msg(false, "ProcessVertices: pVertexDecl is not a vertex declaration of this "
                     "device");
            return D3DERR_INVALIDCALL;
        }
    }

    HRESULT hr = D3D_OK;
    uint32_t *records = NULL;
    char msg[400];
    d3d9_device_lock(dev);
    struct d3d9_state *st = dev->state;
    if (st->vs && !decl_iface) {
        struct d3d9_shader *s = d3d9_vertex_shader_impl(st->vs);
        if (s && d3d9_shader_major(s) >= 3) {
            util_msg(false, "ProcessVertices: with a vs_3_0 vertex shader pVertexDecl must be "
                     "given");
            hr = D3DERR_INVALIDCALL;
            goto done;
        }
    }
    if (!decl) {
        if (!dest->fvf) {
            util_msg(false, "ProcessVertices: pVertexDecl is NULL and pDestBuffer was created "
                     "without an FVF (it must have a nonzero FVF to describe the output)");
            hr = D3DERR_INVALIDCALL;
            goto done;
        }
        if ((hr = d3d9_vertex_decl_for_fvf(dev, dest->fvf, &decl)) != D3D_OK) {
            util_msg(false, "ProcessVertices: the FVF 0x%x of pDestBuffer has no declaration",
                     (unsigned)dest->fvf);
            goto done;
        }
    }
    /* the destination vertex: stream 0's elements */
    UINT dest_stride = 0;
    bool psize = false;
    for (UINT i = 0; i + 1 < decl->count; i++) {
        const D3DVERTEXELEMENT9 *e = &decl->elements[i];
        if (e->Stream != 0 || e->Type == D3DDECLTYPE_UNUSED)
            continue;
        UINT size = decl_type_size(e->Type);
        if (!size)
            size = 16;   /* refused by plan() below, after the vertex stage's own rules */
        if ((UINT)e->Offset + size > dest_stride)
            dest_stride = e->Offset + size;
        psize |= e->Usage == D3DDECLUSAGE_PSIZE;
    }
    if (decl->fvf && !decl_iface && d3d9_fvf_vertex_size(decl->fvf) > dest_stride)
        dest_stride = d3d9_fvf_vertex_size(decl->fvf);
    if (!dest_stride) {
        util_msg(false, "ProcessVertices: the destination declaration has no element in "
                 "stream 0");
        hr = D3DERR_INVALIDCALL;
        goto done;
    }
    if ((uint64_t)dest_index + count > dest->size / dest_stride) {
        util_msg(false, "ProcessVertices: DestIndex %u + VertexCount %u exceeds the %u vertices "
                 "of %u bytes pDestBuffer holds", dest_index, count, dest->size / dest_stride,
                 dest_stride);
        hr = D3DERR_INVALIDCALL;
        goto done;
    }
    struct d3d9_vertex_stage vs;
    if ((hr = d3d9_vertex_stage(dev, "ProcessVertices", psize, &vs)) != D3D_OK)
        goto done;
    const struct draw_desc *d = vs.desc;
    for (uint32_t e = 0; e < d->element_count; e++) {
        const struct draw_stream *s = &d->streams[d->elements[e].stream % DRAW_MAX_STREAMS];
        uint64_t end = (uint64_t)s->offset + (uint64_t)s->stride * ((uint64_t)src_start + count);
        if (count && end > s->size) {
            util_msg(false, "ProcessVertices: SrcStartIndex %u + VertexCount %u vertices of %u "
                     "bytes (from offset %u) exceed stream %u's buffer of %zu bytes", src_start,
                     count, s->stride, s->offset, d->elements[e].stream, s->size);
            hr = D3DERR_INVALIDCALL;
            goto done;
        }
    }
    struct pv_element pe[D3D9_MAX_DECL_ELEMENTS];
    unsigned npe;
    int fog_slot;
    if (!plan(&vs, decl, (flags & D3DPV_DONOTCOPYDATA) != 0, pe, &npe, &fog_slot, msg,
              sizeof(msg))) {
        util_msg(false, "ProcessVertices: %s", msg);
        hr = D3DERR_INVALIDCALL;
        goto done;
    }
    if (!count)
        goto done;
    size_t words = 4 * (1 + (size_t)d->link->attr_count);
    unsigned chunk = count < PV_CHUNK ? count : PV_CHUNK;
    if (!(records = malloc(sizeof(uint32_t) * words * chunk))) {
        util_msg(false, "ProcessVertices: out of memory");
        hr = E_OUTOFMEMORY;
        goto done;
    }
    uint8_t *out = d3d9_buffer_data(dest) + (size_t)dest_index * dest_stride;
    for (UINT k = 0; k < count; k += chunk) {
        unsigned n = count - k < chunk ? count - k : chunk;
        int ret = draw_process_vertices(vs.dc, d, src_start + k, n, records);
        if (ret) {
            util_msg(false, "ProcessVertices: %s", ret == DRAW_E_NOMEM ? "out of memory" :
                     "the vertex program cannot run");
            hr = ret == DRAW_E_NOMEM ? E_OUTOFMEMORY : D3DERR_INVALIDCALL;
            goto done;
        }
        for (unsigned i = 0; i < n; i++)
            write_vertex(st, d, records + words * i, pe, npe, fog_slot,
                         out + (size_t)(k + i) * dest_stride);
    }
done:
    d3d9_device_unlock(dev);
    free(records);
    return hr;
}

/* ---- high-order patches ------------------------------------------------------------------------
 * DrawRectPatch / DrawTriPatch draw rectangular / triangular patches, DeletePatch frees a
 * cached one ("Using Higher-Order Primitives (Direct3D 9)").  Patches need the device to
 * advertise D3DDEVCAPS_RTPATCHES (N-patches D3DDEVCAPS_NPATCHES); no softd3d profile does (the
 * seed-000 caps of 9_1..9_3 have neither, and `max` adds none), so, as for any feature the
 * caps do not offer, the calls fail with the only documented failure, D3DERR_INVALIDCALL, and
 * one line naming the missing cap.  No patch is ever cached, so DeletePatch has no handle to
 * free either. */
static HRESULT patch_refused(struct d3d9_device *dev, const char *name)
{
    const D3DCAPS9 *caps = d3d9_device_caps(dev);
    util_msg(false, "%s: high-order patches need D3DDEVCAPS_RTPATCHES, which this profile's "
             "caps %s", name, caps->DevCaps & D3DDEVCAPS_RTPATCHES ? "claim but softd3d does "
             "not implement" : "do not have");
    return D3DERR_INVALIDCALL;
}

static HRESULT STDMETHODCALLTYPE device_DrawRectPatch(IDirect3DDevice9 *iface, UINT handle,
                                                      const float *segs,
                                                      const D3DRECTPATCH_INFO *info)
{
    (void)handle;
    (void)segs;
    (void)info;
    return patch_refused(d3d9_device_from_iface(iface), "DrawRectPatch");
}

static HRESULT STDMETHODCALLTYPE device_DrawTriPatch(IDirect3DDevice9 *iface, UINT handle,
                                                     const float *segs,
                                                     const D3DTRIPATCH_INFO *info)
{
    (void)handle;
    (void)segs;
    (void)info;
    return patch_refused(d3d9_device_from_iface(iface), "DrawTriPatch");
}

static HRESULT STDMETHODCALLTYPE device_DeletePatch(IDirect3DDevice9 *iface, UINT handle)
{
    util_msg(false, "DeletePatch: handle %u was never cached (no patch can be drawn without "
             "D3DDEVCAPS_RTPATCHES)", handle);
    (void)iface;
    return D3DERR_INVALIDCALL;
}

void d3d9_process_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->ProcessVertices = device_ProcessVertices;
    v->DrawRectPatch = device_DrawRectPatch;
    v->DrawTriPatch = device_DrawTriPatch;
    v->DeletePatch = device_DeletePatch;
}
