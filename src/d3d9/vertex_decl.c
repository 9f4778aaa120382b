/* src/d3d9/vertex_decl.c — IDirect3DVertexDeclaration9, CreateVertexDeclaration, and FVF codes
 * (their validity, vertex size and the declaration each stands for).
 *
 * CreateVertexDeclaration validation (D3DVERTEXELEMENT9, D3DDECLTYPE, D3DDECLMETHOD,
 * D3DDECLUSAGE, D3DDTCAPS, D3DDEVCAPS2 reference pages; seed 000):
 *   - pVertexElements and ppDecl required (ppDecl NULL on failure);
 *   - the array ends with D3DDECL_END() (Stream 0xFF, Type D3DDECLTYPE_UNUSED) within
 *     MAXD3DDECLLENGTH (64) elements; an empty declaration (only the end marker) is valid;
 *   - Stream < MaxStreams; Type a D3DDECLTYPE below UNUSED, Method a D3DDECLMETHOD, Usage a
 *     D3DDECLUSAGE, UsageIndex <= 15 (MAXD3DDECLUSAGEINDEX);
 *   - each (Usage, UsageIndex) at most once;
 *   - types beyond FLOAT1..4, D3DCOLOR, SHORT2/4 need their D3DDTCAPS bit in DeclTypes (of the
 *     hardware caps, or of the software ones on a device that processes vertices in software);
 *   - methods other than DEFAULT are tessellator methods: PARTIALU/PARTIALV/CROSSUV/UV need
 *     N-patch or RT-patch support (D3DDEVCAPS_NPATCHES / RTPATCHES), LOOKUP and
 *     LOOKUPPRESAMPLED displacement mapping (D3DDEVCAPS2_DMAPNPATCH / PRESAMPLEDDMAPNPATCH); UV
 *     and LOOKUPPRESAMPLED take Type UNUSED, Stream 0 and Offset 0, LOOKUPPRESAMPLED only
 *     D3DDECLUSAGE_SAMPLE, LOOKUP a FLOAT2/3/4 input.  No profile has these caps, so only
 *     DEFAULT is accepted today;
 *   - two elements at the same stream and offset only with
 *     D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET (seed 000: from 9_2).
 * GetDeclaration: pNumElements required; it receives the element count including D3DDECL_END();
 * with pElement non-NULL the elements are copied too (the caller sizes the array, typically
 * MAXD3DDECLLENGTH + 1).
 *
 * FVF codes (D3DFVF reference page): a position type among XYZ, XYZRHW, XYZW, XYZB1..XYZB5
 * (or none); D3DFVF_LASTBETA_UBYTE4 / _D3DCOLOR only with XYZB1..5 and not both; XYZRHW without
 * NORMAL (transformed vertices are not lit); at most 8 texture coordinate sets; the reserved
 * bits (0x1, and 0x2000 / 0x4000 outside XYZW) clear.  The declaration of an FVF code lists, in
 * stream 0 and this order: position (FLOAT3 POSITION, FLOAT4 POSITIONT for XYZRHW, FLOAT4
 * POSITION for XYZW), blend weights (FLOATn BLENDWEIGHT; with LASTBETA the last beta is
 * BLENDINDICES UBYTE4 / D3DCOLOR; XYZB5 without LASTBETA: FLOAT4 weights and a FLOAT1
 * BLENDINDICES), NORMAL FLOAT3, PSIZE FLOAT1, COLOR0 diffuse and COLOR1 specular D3DCOLOR, and
 * TEXCOORDn with the D3DFVF_TEXCOORDSIZEn float count.
 */
#include "d3d9/d3d9_resource.h"

#include <stdlib.h>
#include <string.h>

#include "softd3d_com_stubs.h"
#include "util/log.h"

/* ------------------------------------------------------------------ FVF codes */

static UINT fvf_tex_count(DWORD fvf)
{
    return (fvf & D3DFVF_TEXCOUNT_MASK) >> D3DFVF_TEXCOUNT_SHIFT;
}

/* Floats of texture coordinate set i. */
static UINT fvf_tex_floats(DWORD fvf, UINT i)
{
    static const UINT floats[4] = { 2, 3, 4, 1 };   /* D3DFVF_TEXTUREFORMAT2, 3, 4, 1 */
    return floats[(fvf >> (16 + 2 * i)) & 3];
}

bool d3d9_fvf_valid(DWORD fvf)
{
    DWORD pos = fvf & D3DFVF_POSITION_MASK;
    bool blend = pos >= D3DFVF_XYZB1 && pos <= D3DFVF_XYZB5;
    if (fvf & D3DFVF_RESERVED0)
        return false;
    if ((fvf & 0x4000) && pos != D3DFVF_XYZW)
        return false;
    if (fvf & 0x2000)
        return false;
    switch (pos) {
    case 0: case D3DFVF_XYZ: case D3DFVF_XYZRHW: case D3DFVF_XYZW:
    case D3DFVF_XYZB1: case D3DFVF_XYZB2: case D3DFVF_XYZB3: case D3DFVF_XYZB4: case D3DFVF_XYZB5:
        break;
    default:
        return false;
    }
    if ((fvf & (D3DFVF_LASTBETA_UBYTE4 | D3DFVF_LASTBETA_D3DCOLOR)) && !blend)
        return false;
    if ((fvf & D3DFVF_LASTBETA_UBYTE4) && (fvf & D3DFVF_LASTBETA_D3DCOLOR))
        return false;
    if (pos == D3DFVF_XYZRHW && (fvf & D3DFVF_NORMAL))
        return false;
    if (fvf_tex_count(fvf) > 8)
        return false;
    return true;
}

/* The elements of an FVF code (without the end marker); returns their count. */
static UINT fvf_elements(DWORD fvf, D3DVERTEXELEMENT9 *e)
{
    DWORD pos = fvf & D3DFVF_POSITION_MASK;
    WORD offset = 0;
    UINT n = 0;
#define ADD(type, usage, index, size)                                                         \
    do {                                                                                      \
        e[n++] = (D3DVERTEXELEMENT9){ 0, offset, (BYTE)(type), D3DDECLMETHOD_DEFAULT,         \
                                      (BYTE)(usage), (BYTE)(index) };                        \
        offset = (WORD)(offset + (size));                                                     \
    } while (0)
    if (pos == D3DFVF_XYZRHW)
        ADD(D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_POSITIONT, 0, 16);
    else if (pos == D3DFVF_XYZW)
        ADD(D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_POSITION, 0, 16);
    else if (pos)
        ADD(D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION, 0, 12);
    if (pos >= D3DFVF_XYZB1 && pos <= D3DFVF_XYZB5) {
        UINT betas = (pos - D3DFVF_XYZRHW) / 2, weights = betas;   /* XYZBn = 4 + 2n */
        bool last = fvf & (D3DFVF_LASTBETA_UBYTE4 | D3DFVF_LASTBETA_D3DCOLOR);
        if (last)
            weights--;
        else if (betas == 5)
            weights = 4;
        if (weights)
            ADD(D3DDECLTYPE_FLOAT1 + weights - 1, D3DDECLUSAGE_BLENDWEIGHT, 0, 4 * weights);
        if (fvf & D3DFVF_LASTBETA_UBYTE4)
            ADD(D3DDECLTYPE_UBYTE4, D3DDECLUSAGE_BLENDINDICES, 0, 4);
        else if (fvf & D3DFVF_LASTBETA_D3DCOLOR)
            ADD(D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_BLENDINDICES, 0, 4);
        else if (betas == 5)
            ADD(D3DDECLTYPE_FLOAT1, D3DDECLUSAGE_BLENDINDICES, 0, 4);
    }
    if (fvf & D3DFVF_NORMAL)
        ADD(D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_NORMAL, 0, 12);
    if (fvf & D3DFVF_PSIZE)
        ADD(D3DDECLTYPE_FLOAT1, D3DDECLUSAGE_PSIZE, 0, 4);
    if (fvf & D3DFVF_DIFFUSE)
        ADD(D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR, 0, 4);
    if (fvf & D3DFVF_SPECULAR)
        ADD(D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR, 1, 4);
    for (UINT i = 0; i < fvf_tex_count(fvf) && i < 8; i++) {
        UINT f = fvf_tex_floats(fvf, i);
        ADD(D3DDECLTYPE_FLOAT1 + f - 1, D3DDECLUSAGE_TEXCOORD, i, 4 * f);
    }
#undef ADD
    return n;
}

UINT d3d9_fvf_vertex_size(DWORD fvf)
{
    D3DVERTEXELEMENT9 e[16];
    UINT n, size = 0;
    if (!d3d9_fvf_valid(fvf))
        return 0;
    n = fvf_elements(fvf, e);
    for (UINT i = 0; i < n; i++) {
        static const BYTE sizes[] = { 4, 8, 12, 16, 4, 4, 4, 8, 4, 4, 8, 4, 8, 4, 4, 4, 8 };
        size = e[i].Offset + sizes[e[i].Type];
    }
    return size;
}

/* The FVF code whose declaration is exactly these elements (end marker excluded), or 0. */
static DWORD fvf_from_elements(const D3DVERTEXELEMENT9 *e, UINT n)
{
    D3DVERTEXELEMENT9 want[16];
    DWORD fvf = 0;
    UINT blend = 0;
    bool indices = false;
    for (UINT i = 0; i < n; i++) {
        if (e[i].Stream != 0 || e[i].Method != D3DDECLMETHOD_DEFAULT)
            return 0;
        switch (e[i].Usage) {
        case D3DDECLUSAGE_POSITION:
            if (e[i].UsageIndex)
                return 0;
            fvf |= e[i].Type == D3DDECLTYPE_FLOAT4 ? D3DFVF_XYZW : D3DFVF_XYZ;
            break;
        case D3DDECLUSAGE_POSITIONT: fvf |= D3DFVF_XYZRHW; break;
        case D3DDECLUSAGE_BLENDWEIGHT:
            if (e[i].Type > D3DDECLTYPE_FLOAT4)
                return 0;
            blend += e[i].Type + 1;
            break;
        case D3DDECLUSAGE_BLENDINDICES:
            indices = true;
            blend++;
            if (e[i].Type == D3DDECLTYPE_UBYTE4)
                fvf |= D3DFVF_LASTBETA_UBYTE4;
            else if (e[i].Type == D3DDECLTYPE_D3DCOLOR)
                fvf |= D3DFVF_LASTBETA_D3DCOLOR;
            break;
        case D3DDECLUSAGE_NORMAL: fvf |= D3DFVF_NORMAL; break;
        case D3DDECLUSAGE_PSIZE: fvf |= D3DFVF_PSIZE; break;
        case D3DDECLUSAGE_COLOR: fvf |= e[i].UsageIndex ? D3DFVF_SPECULAR : D3DFVF_DIFFUSE; break;
        case D3DDECLUSAGE_TEXCOORD: {
            static const DWORD fmt[4] = { D3DFVF_TEXTUREFORMAT1, D3DFVF_TEXTUREFORMAT2,
                                          D3DFVF_TEXTUREFORMAT3, D3DFVF_TEXTUREFORMAT4 };
            if (e[i].UsageIndex > 7 || e[i].Type > D3DDECLTYPE_FLOAT4)
                return 0;
            fvf |= fmt[e[i].Type] << (16 + 2 * e[i].UsageIndex);
            if ((UINT)e[i].UsageIndex + 1 > fvf_tex_count(fvf))
                fvf = (fvf & ~(DWORD)D3DFVF_TEXCOUNT_MASK) |
                      ((DWORD)(e[i].UsageIndex + 1) << D3DFVF_TEXCOUNT_SHIFT);
            break;
        }
        default:
            return 0;
        }
    }
    if (blend) {
        if ((fvf & D3DFVF_POSITION_MASK) != D3DFVF_XYZ || blend > 5)
            return 0;
        (void)indices;
        fvf = (fvf & ~(DWORD)D3DFVF_POSITION_MASK) | (D3DFVF_XYZRHW + 2 * blend);
    }
    if (!fvf || !d3d9_fvf_valid(fvf) || fvf_elements(fvf, want) != n ||
        memcmp(want, e, n * sizeof(*e)))
        return 0;
    return fvf;
}

/* ------------------------------------------------------------------- the object */

static const GUID *const decl_iids[] = { &IID_IDirect3DVertexDeclaration9, NULL };
D3D9_LIFE_IUNKNOWN(decl, IDirect3DVertexDeclaration9, struct d3d9_vertex_decl, iface, life,
                   decl_iids)

static void decl_destroy(struct d3d9_life *life)
{
    free(container_of(life, struct d3d9_vertex_decl, life));
}

static HRESULT STDMETHODCALLTYPE decl_GetDevice(IDirect3DVertexDeclaration9 *iface,
                                                IDirect3DDevice9 **out)
{
    struct d3d9_vertex_decl *d = decl_impl(iface);
    if (!out) {
        util_msg(false, "IDirect3DVertexDeclaration9::GetDevice: ppDevice is NULL");
        return D3DERR_INVALIDCALL;
    }
    IDirect3DDevice9_AddRef(&d->life.device->iface);
    *out = &d->life.device->iface;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE decl_GetDeclaration(IDirect3DVertexDeclaration9 *iface,
                                                     D3DVERTEXELEMENT9 *elements, UINT *count)
{
    struct d3d9_vertex_decl *d = decl_impl(iface);
    if (!count) {
        util_msg(false, "IDirect3DVertexDeclaration9::GetDeclaration: pNumElements is NULL");
        return D3DERR_INVALIDCALL;
    }
    *count = d->count;
    if (elements)
        memcpy(elements, d->elements, d->count * sizeof(*elements));
    return D3D_OK;
}

static IDirect3DVertexDeclaration9Vtbl decl_vtbl = {
    .QueryInterface = decl_QueryInterface,
    .AddRef = decl_AddRef,
    .Release = decl_Release,
    .GetDevice = decl_GetDevice,
    .GetDeclaration = decl_GetDeclaration,
};

struct d3d9_vertex_decl *d3d9_vertex_decl_from_iface(IDirect3DVertexDeclaration9 *iface)
{
    if (!iface || iface->lpVtbl != &decl_vtbl)
        return NULL;
    return container_of(iface, struct d3d9_vertex_decl, iface);
}

static HRESULT decl_create(struct d3d9_device *dev, const D3DVERTEXELEMENT9 *e, UINT n,
                           bool device_owned, struct d3d9_vertex_decl **out)
{
    static const D3DVERTEXELEMENT9 end = D3DDECL_END();
    struct d3d9_vertex_decl *d = calloc(1, sizeof(*d));
    if (!d) {
        util_msg(false, "CreateVertexDeclaration: out of memory");
        return E_OUTOFMEMORY;
    }
    d->iface.lpVtbl = &decl_vtbl;
    d3d9_life_init(&d->life, dev, decl_destroy, false, device_owned);
    memcpy(d->elements, e, n * sizeof(*e));
    d->elements[n] = end;
    d->count = n + 1;
    d->fvf = fvf_from_elements(e, n);
    *out = d;
    return D3D_OK;
}

/* ------------------------------------------------------------- validation */

static HRESULT validate_elements(const struct d3d9_device *dev, const D3DVERTEXELEMENT9 *e,
                                 UINT *count)
{
    static const char method[] = "CreateVertexDeclaration";
    static const DWORD type_caps[D3DDECLTYPE_UNUSED] = {
        [D3DDECLTYPE_UBYTE4] = D3DDTCAPS_UBYTE4,     [D3DDECLTYPE_UBYTE4N] = D3DDTCAPS_UBYTE4N,
        [D3DDECLTYPE_SHORT2N] = D3DDTCAPS_SHORT2N,   [D3DDECLTYPE_SHORT4N] = D3DDTCAPS_SHORT4N,
        [D3DDECLTYPE_USHORT2N] = D3DDTCAPS_USHORT2N, [D3DDECLTYPE_USHORT4N] = D3DDTCAPS_USHORT4N,
        [D3DDECLTYPE_UDEC3] = D3DDTCAPS_UDEC3,       [D3DDECLTYPE_DEC3N] = D3DDTCAPS_DEC3N,
        [D3DDECLTYPE_FLOAT16_2] = D3DDTCAPS_FLOAT16_2,
        [D3DDECLTYPE_FLOAT16_4] = D3DDTCAPS_FLOAT16_4,
    };
    const D3DCAPS9 *caps = &dev->profile->caps;
    DWORD decl_types = caps->DeclTypes;
    UINT n;

    if (dev->create.BehaviorFlags &
        (D3DCREATE_SOFTWARE_VERTEXPROCESSING | D3DCREATE_MIXED_VERTEXPROCESSING))
        decl_types |= dev->profile->sw_caps.DeclTypes;
    for (n = 0; !(e[n].Stream == 0xff && e[n].Type == D3DDECLTYPE_UNUSED); n++) {
        const D3DVERTEXELEMENT9 *x = &e[n];
        if (n == MAXD3DDECLLENGTH) {
            util_msg(false, "%s: no D3DDECL_END() within %d elements", method, MAXD3DDECLLENGTH);
            return D3DERR_INVALIDCALL;
        }
        if (x->Stream >= caps->MaxStreams) {
            util_msg(false, "%s: element %u: Stream %u (MaxStreams %u)", method, n, x->Stream,
                     (unsigned)caps->MaxStreams);
            return D3DERR_INVALIDCALL;
        }
        if (x->Type >= D3DDECLTYPE_UNUSED || x->Method > MAXD3DDECLMETHOD ||
            x->Usage > MAXD3DDECLUSAGE || x->UsageIndex > MAXD3DDECLUSAGEINDEX) {
            util_msg(false, "%s: element %u: Type %u, Method %u, Usage %u or UsageIndex %u out "
                            "of range", method, n, x->Type, x->Method, x->Usage, x->UsageIndex);
            return D3DERR_INVALIDCALL;
        }
        if (type_caps[x->Type] && !(decl_types & type_caps[x->Type])) {
            util_msg(false, "%s: element %u: D3DDECLTYPE %u is not in the profile's DeclTypes "
                            "(profile %s)", method, n, x->Type, dev->profile->name);
            return D3DERR_INVALIDCALL;
        }
        if (x->Method != D3DDECLMETHOD_DEFAULT) {
            util_msg(false, "%s: element %u: D3DDECLMETHOD %u is a tessellator method; profile %s "
                            "has no N-patches nor displacement maps", method, n, x->Method,
                     dev->profile->name);
            return D3DERR_INVALIDCALL;
        }
        for (UINT j = 0; j < n; j++) {
            if (e[j].Usage == x->Usage && e[j].UsageIndex == x->UsageIndex) {
                util_msg(false, "%s: elements %u and %u have the same usage %u index %u", method,
                         j, n, x->Usage, x->UsageIndex);
                return D3DERR_INVALIDCALL;
            }
            if (e[j].Stream == x->Stream && e[j].Offset == x->Offset &&
                !(caps->DevCaps2 & D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET)) {
                util_msg(false, "%s: elements %u and %u share stream %u offset %u: profile %s has "
                                "no D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET (seed 000: "
                                "9_2)", method, j, n, x->Stream, x->Offset, dev->profile->name);
                return D3DERR_INVALIDCALL;
            }
        }
    }
    *count = n;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateVertexDeclaration(IDirect3DDevice9 *iface,
                                                                const D3DVERTEXELEMENT9 *elements,
                                                                IDirect3DVertexDeclaration9 **out)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    struct d3d9_vertex_decl *d;
    UINT n;
    HRESULT hr;
    if (!out) {
        util_msg(false, "CreateVertexDeclaration: ppDecl is NULL");
        return D3DERR_INVALIDCALL;
    }
    *out = NULL;
    if (!elements) {
        util_msg(false, "CreateVertexDeclaration: pVertexElements is NULL");
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = validate_elements(dev, elements, &n)))
        return hr;
    if (FAILED(hr = decl_create(dev, elements, n, false, &d)))
        return hr;
    *out = &d->iface;
    return D3D_OK;
}

HRESULT d3d9_vertex_decl_for_fvf(struct d3d9_device *dev, DWORD fvf,
                                 struct d3d9_vertex_decl **out)
{
    D3DVERTEXELEMENT9 e[16];
    struct d3d9_vertex_decl *d;
    HRESULT hr;
    for (d = dev->fvf_decls; d; d = d->next) {
        if (d->fvf == fvf) {
            *out = d;
            return D3D_OK;
        }
    }
    if (FAILED(hr = decl_create(dev, e, fvf_elements(fvf, e), true, &d)))
        return hr;
    d->fvf = fvf;
    d->next = dev->fvf_decls;
    dev->fvf_decls = d;
    *out = d;
    return D3D_OK;
}

void d3d9_vertex_decl_free_cache(struct d3d9_device *dev)
{
    struct d3d9_vertex_decl *d = dev->fvf_decls, *next;
    dev->fvf_decls = NULL;
    for (; d; d = next) {
        next = d->next;
        d3d9_life_unbind(&d->life);   /* the device's owner hold */
    }
}

void d3d9_vertex_decl_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->CreateVertexDeclaration = device_CreateVertexDeclaration;
    comgen_fill_IDirect3DVertexDeclaration9(&decl_vtbl);
}
