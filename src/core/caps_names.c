/* src/core/caps_names.c — see caps_names.h.
 *
 * The flag lists name every D3D9 (and D3D9Ex) flag documented for each member on the D3DCAPS9,
 * D3DCAPS2/3, D3DPMISCCAPS, D3DPTFILTERCAPS, D3DVTXPCAPS, D3DDEVCAPS2, D3DDTCAPS,
 * D3DVSHADERCAPS2_0 and D3DPSHADERCAPS2_0 reference pages.  Values come from the public headers
 * (d3d9caps.h), so a name here cannot disagree with the value an application compiles against.
 */
#include "core/caps_names.h"

#include <stdio.h>
#include <string.h>

#define N(flag) { #flag, (DWORD)(flag), false }
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const core_caps_flag_name caps_flags[] = {
    N(D3DCAPS_OVERLAY),
    N(D3DCAPS_READ_SCANLINE),
};

static const core_caps_flag_name caps2_flags[] = {
    N(D3DCAPS2_FULLSCREENGAMMA),
    N(D3DCAPS2_CANCALIBRATEGAMMA),
    N(D3DCAPS2_CANMANAGERESOURCE),
    N(D3DCAPS2_DYNAMICTEXTURES),
    N(D3DCAPS2_CANAUTOGENMIPMAP),
    N(D3DCAPS2_CANSHARERESOURCE),
};

static const core_caps_flag_name caps3_flags[] = {
    N(D3DCAPS3_ALPHA_FULLSCREEN_FLIP_OR_DISCARD),
    N(D3DCAPS3_LINEAR_TO_SRGB_PRESENTATION),
    N(D3DCAPS3_COPY_TO_VIDMEM),
    N(D3DCAPS3_COPY_TO_SYSTEMMEM),
    N(D3DCAPS3_DXVAHD),
    N(D3DCAPS3_DXVAHD_LIMITED),
};

static const core_caps_flag_name present_interval_flags[] = {
    N(D3DPRESENT_INTERVAL_ONE),
    N(D3DPRESENT_INTERVAL_TWO),
    N(D3DPRESENT_INTERVAL_THREE),
    N(D3DPRESENT_INTERVAL_FOUR),
    N(D3DPRESENT_INTERVAL_IMMEDIATE),
};

static const core_caps_flag_name cursor_flags[] = {
    N(D3DCURSORCAPS_COLOR),
    N(D3DCURSORCAPS_LOWRES),
};

static const core_caps_flag_name devcaps_flags[] = {
    N(D3DDEVCAPS_EXECUTESYSTEMMEMORY),
    N(D3DDEVCAPS_EXECUTEVIDEOMEMORY),
    N(D3DDEVCAPS_TLVERTEXSYSTEMMEMORY),
    N(D3DDEVCAPS_TLVERTEXVIDEOMEMORY),
    N(D3DDEVCAPS_TEXTURESYSTEMMEMORY),
    N(D3DDEVCAPS_TEXTUREVIDEOMEMORY),
    N(D3DDEVCAPS_DRAWPRIMTLVERTEX),
    N(D3DDEVCAPS_CANRENDERAFTERFLIP),
    N(D3DDEVCAPS_TEXTURENONLOCALVIDMEM),
    N(D3DDEVCAPS_DRAWPRIMITIVES2),
    N(D3DDEVCAPS_SEPARATETEXTUREMEMORIES),
    N(D3DDEVCAPS_DRAWPRIMITIVES2EX),
    N(D3DDEVCAPS_HWTRANSFORMANDLIGHT),
    N(D3DDEVCAPS_CANBLTSYSTONONLOCAL),
    N(D3DDEVCAPS_HWRASTERIZATION),
    N(D3DDEVCAPS_PUREDEVICE),
    N(D3DDEVCAPS_QUINTICRTPATCHES),
    N(D3DDEVCAPS_RTPATCHES),
    N(D3DDEVCAPS_RTPATCHHANDLEZERO),
    N(D3DDEVCAPS_NPATCHES),
};

static const core_caps_flag_name pmisc_flags[] = {
    N(D3DPMISCCAPS_MASKZ),
    N(D3DPMISCCAPS_CULLNONE),
    N(D3DPMISCCAPS_CULLCW),
    N(D3DPMISCCAPS_CULLCCW),
    N(D3DPMISCCAPS_COLORWRITEENABLE),
    N(D3DPMISCCAPS_CLIPPLANESCALEDPOINTS),
    N(D3DPMISCCAPS_CLIPTLVERTS),
    N(D3DPMISCCAPS_TSSARGTEMP),
    N(D3DPMISCCAPS_BLENDOP),
    N(D3DPMISCCAPS_NULLREFERENCE),
    N(D3DPMISCCAPS_INDEPENDENTWRITEMASKS),
    N(D3DPMISCCAPS_PERSTAGECONSTANT),
    N(D3DPMISCCAPS_FOGANDSPECULARALPHA),
    N(D3DPMISCCAPS_SEPARATEALPHABLEND),
    N(D3DPMISCCAPS_MRTINDEPENDENTBITDEPTHS),
    N(D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING),
    N(D3DPMISCCAPS_FOGVERTEXCLAMPED),
    N(D3DPMISCCAPS_POSTBLENDSRGBCONVERT),
};

static const core_caps_flag_name raster_flags[] = {
    N(D3DPRASTERCAPS_DITHER),
    N(D3DPRASTERCAPS_ZTEST),
    N(D3DPRASTERCAPS_FOGVERTEX),
    N(D3DPRASTERCAPS_FOGTABLE),
    N(D3DPRASTERCAPS_MIPMAPLODBIAS),
    N(D3DPRASTERCAPS_ZBUFFERLESSHSR),
    N(D3DPRASTERCAPS_FOGRANGE),
    N(D3DPRASTERCAPS_ANISOTROPY),
    N(D3DPRASTERCAPS_WBUFFER),
    N(D3DPRASTERCAPS_WFOG),
    N(D3DPRASTERCAPS_ZFOG),
    N(D3DPRASTERCAPS_COLORPERSPECTIVE),
    N(D3DPRASTERCAPS_SCISSORTEST),
    N(D3DPRASTERCAPS_SLOPESCALEDEPTHBIAS),
    N(D3DPRASTERCAPS_DEPTHBIAS),
    N(D3DPRASTERCAPS_MULTISAMPLE_TOGGLE),
};

/* ZCmpCaps and AlphaCmpCaps. */
static const core_caps_flag_name cmp_flags[] = {
    N(D3DPCMPCAPS_NEVER),
    N(D3DPCMPCAPS_LESS),
    N(D3DPCMPCAPS_EQUAL),
    N(D3DPCMPCAPS_LESSEQUAL),
    N(D3DPCMPCAPS_GREATER),
    N(D3DPCMPCAPS_NOTEQUAL),
    N(D3DPCMPCAPS_GREATEREQUAL),
    N(D3DPCMPCAPS_ALWAYS),
};

/* SrcBlendCaps and DestBlendCaps. */
static const core_caps_flag_name blend_flags[] = {
    N(D3DPBLENDCAPS_ZERO),
    N(D3DPBLENDCAPS_ONE),
    N(D3DPBLENDCAPS_SRCCOLOR),
    N(D3DPBLENDCAPS_INVSRCCOLOR),
    N(D3DPBLENDCAPS_SRCALPHA),
    N(D3DPBLENDCAPS_INVSRCALPHA),
    N(D3DPBLENDCAPS_DESTALPHA),
    N(D3DPBLENDCAPS_INVDESTALPHA),
    N(D3DPBLENDCAPS_DESTCOLOR),
    N(D3DPBLENDCAPS_INVDESTCOLOR),
    N(D3DPBLENDCAPS_SRCALPHASAT),
    N(D3DPBLENDCAPS_BOTHSRCALPHA),
    N(D3DPBLENDCAPS_BOTHINVSRCALPHA),
    N(D3DPBLENDCAPS_BLENDFACTOR),
    N(D3DPBLENDCAPS_SRCCOLOR2),
    N(D3DPBLENDCAPS_INVSRCCOLOR2),
};

static const core_caps_flag_name shade_flags[] = {
    N(D3DPSHADECAPS_COLORGOURAUDRGB),
    N(D3DPSHADECAPS_SPECULARGOURAUDRGB),
    N(D3DPSHADECAPS_ALPHAGOURAUDBLEND),
    N(D3DPSHADECAPS_FOGGOURAUD),
};

static const core_caps_flag_name texture_flags[] = {
    N(D3DPTEXTURECAPS_PERSPECTIVE),
    N(D3DPTEXTURECAPS_POW2),
    N(D3DPTEXTURECAPS_ALPHA),
    N(D3DPTEXTURECAPS_SQUAREONLY),
    N(D3DPTEXTURECAPS_TEXREPEATNOTSCALEDBYSIZE),
    N(D3DPTEXTURECAPS_ALPHAPALETTE),
    N(D3DPTEXTURECAPS_NONPOW2CONDITIONAL),
    N(D3DPTEXTURECAPS_PROJECTED),
    N(D3DPTEXTURECAPS_CUBEMAP),
    N(D3DPTEXTURECAPS_VOLUMEMAP),
    N(D3DPTEXTURECAPS_MIPMAP),
    N(D3DPTEXTURECAPS_MIPVOLUMEMAP),
    N(D3DPTEXTURECAPS_MIPCUBEMAP),
    N(D3DPTEXTURECAPS_CUBEMAP_POW2),
    N(D3DPTEXTURECAPS_VOLUMEMAP_POW2),
    N(D3DPTEXTURECAPS_NOPROJECTEDBUMPENV),
};

/* TextureFilterCaps, CubeTextureFilterCaps, VolumeTextureFilterCaps, StretchRectFilterCaps and
 * VertexTextureFilterCaps. */
static const core_caps_flag_name filter_flags[] = {
    N(D3DPTFILTERCAPS_MINFPOINT),
    N(D3DPTFILTERCAPS_MINFLINEAR),
    N(D3DPTFILTERCAPS_MINFANISOTROPIC),
    N(D3DPTFILTERCAPS_MINFPYRAMIDALQUAD),
    N(D3DPTFILTERCAPS_MINFGAUSSIANQUAD),
    N(D3DPTFILTERCAPS_MIPFPOINT),
    N(D3DPTFILTERCAPS_MIPFLINEAR),
    N(D3DPTFILTERCAPS_CONVOLUTIONMONO),
    N(D3DPTFILTERCAPS_MAGFPOINT),
    N(D3DPTFILTERCAPS_MAGFLINEAR),
    N(D3DPTFILTERCAPS_MAGFANISOTROPIC),
    N(D3DPTFILTERCAPS_MAGFPYRAMIDALQUAD),
    N(D3DPTFILTERCAPS_MAGFGAUSSIANQUAD),
};

/* TextureAddressCaps and VolumeTextureAddressCaps. */
static const core_caps_flag_name address_flags[] = {
    N(D3DPTADDRESSCAPS_WRAP),
    N(D3DPTADDRESSCAPS_MIRROR),
    N(D3DPTADDRESSCAPS_CLAMP),
    N(D3DPTADDRESSCAPS_BORDER),
    N(D3DPTADDRESSCAPS_INDEPENDENTUV),
    N(D3DPTADDRESSCAPS_MIRRORONCE),
};

static const core_caps_flag_name line_flags[] = {
    N(D3DLINECAPS_TEXTURE),
    N(D3DLINECAPS_ZTEST),
    N(D3DLINECAPS_BLEND),
    N(D3DLINECAPS_ALPHACMP),
    N(D3DLINECAPS_FOG),
    N(D3DLINECAPS_ANTIALIAS),
};

static const core_caps_flag_name stencil_flags[] = {
    N(D3DSTENCILCAPS_KEEP),
    N(D3DSTENCILCAPS_ZERO),
    N(D3DSTENCILCAPS_REPLACE),
    N(D3DSTENCILCAPS_INCRSAT),
    N(D3DSTENCILCAPS_DECRSAT),
    N(D3DSTENCILCAPS_INVERT),
    N(D3DSTENCILCAPS_INCR),
    N(D3DSTENCILCAPS_DECR),
    N(D3DSTENCILCAPS_TWOSIDED),
};

/* The low word is a count (texture coordinate sets), not flags. */
static const core_caps_flag_name fvf_flags[] = {
    { "D3DFVFCAPS_TEXCOORDCOUNTMASK", (DWORD)D3DFVFCAPS_TEXCOORDCOUNTMASK, true },
    N(D3DFVFCAPS_DONOTSTRIPELEMENTS),
    N(D3DFVFCAPS_PSIZE),
};

static const core_caps_flag_name texop_flags[] = {
    N(D3DTEXOPCAPS_DISABLE),
    N(D3DTEXOPCAPS_SELECTARG1),
    N(D3DTEXOPCAPS_SELECTARG2),
    N(D3DTEXOPCAPS_MODULATE),
    N(D3DTEXOPCAPS_MODULATE2X),
    N(D3DTEXOPCAPS_MODULATE4X),
    N(D3DTEXOPCAPS_ADD),
    N(D3DTEXOPCAPS_ADDSIGNED),
    N(D3DTEXOPCAPS_ADDSIGNED2X),
    N(D3DTEXOPCAPS_SUBTRACT),
    N(D3DTEXOPCAPS_ADDSMOOTH),
    N(D3DTEXOPCAPS_BLENDDIFFUSEALPHA),
    N(D3DTEXOPCAPS_BLENDTEXTUREALPHA),
    N(D3DTEXOPCAPS_BLENDFACTORALPHA),
    N(D3DTEXOPCAPS_BLENDTEXTUREALPHAPM),
    N(D3DTEXOPCAPS_BLENDCURRENTALPHA),
    N(D3DTEXOPCAPS_PREMODULATE),
    N(D3DTEXOPCAPS_MODULATEALPHA_ADDCOLOR),
    N(D3DTEXOPCAPS_MODULATECOLOR_ADDALPHA),
    N(D3DTEXOPCAPS_MODULATEINVALPHA_ADDCOLOR),
    N(D3DTEXOPCAPS_MODULATEINVCOLOR_ADDALPHA),
    N(D3DTEXOPCAPS_BUMPENVMAP),
    N(D3DTEXOPCAPS_BUMPENVMAPLUMINANCE),
    N(D3DTEXOPCAPS_DOTPRODUCT3),
    N(D3DTEXOPCAPS_MULTIPLYADD),
    N(D3DTEXOPCAPS_LERP),
};

static const core_caps_flag_name vtxp_flags[] = {
    N(D3DVTXPCAPS_TEXGEN),
    N(D3DVTXPCAPS_MATERIALSOURCE7),
    N(D3DVTXPCAPS_DIRECTIONALLIGHTS),
    N(D3DVTXPCAPS_POSITIONALLIGHTS),
    N(D3DVTXPCAPS_LOCALVIEWER),
    N(D3DVTXPCAPS_TWEENING),
    N(D3DVTXPCAPS_TEXGEN_SPHEREMAP),
    N(D3DVTXPCAPS_NO_TEXGEN_NONLOCALVIEWER),
};

static const core_caps_flag_name devcaps2_flags[] = {
    N(D3DDEVCAPS2_STREAMOFFSET),
    N(D3DDEVCAPS2_DMAPNPATCH),
    N(D3DDEVCAPS2_ADAPTIVETESSRTPATCH),
    N(D3DDEVCAPS2_ADAPTIVETESSNPATCH),
    N(D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES),
    N(D3DDEVCAPS2_PRESAMPLEDDMAPNPATCH),
    N(D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET),
};

static const core_caps_flag_name decltype_flags[] = {
    N(D3DDTCAPS_UBYTE4),
    N(D3DDTCAPS_UBYTE4N),
    N(D3DDTCAPS_SHORT2N),
    N(D3DDTCAPS_SHORT4N),
    N(D3DDTCAPS_USHORT2N),
    N(D3DDTCAPS_USHORT4N),
    N(D3DDTCAPS_UDEC3),
    N(D3DDTCAPS_DEC3N),
    N(D3DDTCAPS_FLOAT16_2),
    N(D3DDTCAPS_FLOAT16_4),
};

static const core_caps_flag_name vs20_flags[] = {
    N(D3DVS20CAPS_PREDICATION),
};

static const core_caps_flag_name ps20_flags[] = {
    N(D3DPS20CAPS_ARBITRARYSWIZZLE),
    N(D3DPS20CAPS_GRADIENTINSTRUCTIONS),
    N(D3DPS20CAPS_PREDICATION),
    N(D3DPS20CAPS_NODEPENDENTREADLIMIT),
    N(D3DPS20CAPS_NOTEXINSTRUCTIONLIMIT),
};

#define M(member, type) { #member, offsetof(D3DCAPS9, member), type, NULL, 0 }
#define F(member, table) \
    { #member, offsetof(D3DCAPS9, member), CORE_CAPS_FLAGS, table, COUNT(table) }

static const core_caps_member members[] = {
    M(DeviceType, CORE_CAPS_DEVTYPE),
    M(AdapterOrdinal, CORE_CAPS_UINT),
    F(Caps, caps_flags),
    F(Caps2, caps2_flags),
    F(Caps3, caps3_flags),
    F(PresentationIntervals, present_interval_flags),
    F(CursorCaps, cursor_flags),
    F(DevCaps, devcaps_flags),
    F(PrimitiveMiscCaps, pmisc_flags),
    F(RasterCaps, raster_flags),
    F(ZCmpCaps, cmp_flags),
    F(SrcBlendCaps, blend_flags),
    F(DestBlendCaps, blend_flags),
    F(AlphaCmpCaps, cmp_flags),
    F(ShadeCaps, shade_flags),
    F(TextureCaps, texture_flags),
    F(TextureFilterCaps, filter_flags),
    F(CubeTextureFilterCaps, filter_flags),
    F(VolumeTextureFilterCaps, filter_flags),
    F(TextureAddressCaps, address_flags),
    F(VolumeTextureAddressCaps, address_flags),
    F(LineCaps, line_flags),
    M(MaxTextureWidth, CORE_CAPS_UINT),
    M(MaxTextureHeight, CORE_CAPS_UINT),
    M(MaxVolumeExtent, CORE_CAPS_UINT),
    M(MaxTextureRepeat, CORE_CAPS_UINT),
    M(MaxTextureAspectRatio, CORE_CAPS_UINT),
    M(MaxAnisotropy, CORE_CAPS_UINT),
    M(MaxVertexW, CORE_CAPS_FLOAT),
    M(GuardBandLeft, CORE_CAPS_FLOAT),
    M(GuardBandTop, CORE_CAPS_FLOAT),
    M(GuardBandRight, CORE_CAPS_FLOAT),
    M(GuardBandBottom, CORE_CAPS_FLOAT),
    M(ExtentsAdjust, CORE_CAPS_FLOAT),
    F(StencilCaps, stencil_flags),
    F(FVFCaps, fvf_flags),
    F(TextureOpCaps, texop_flags),
    M(MaxTextureBlendStages, CORE_CAPS_UINT),
    M(MaxSimultaneousTextures, CORE_CAPS_UINT),
    F(VertexProcessingCaps, vtxp_flags),
    M(MaxActiveLights, CORE_CAPS_UINT),
    M(MaxUserClipPlanes, CORE_CAPS_UINT),
    M(MaxVertexBlendMatrices, CORE_CAPS_UINT),
    M(MaxVertexBlendMatrixIndex, CORE_CAPS_UINT),
    M(MaxPointSize, CORE_CAPS_FLOAT),
    M(MaxPrimitiveCount, CORE_CAPS_UINT),
    M(MaxVertexIndex, CORE_CAPS_UINT),
    M(MaxStreams, CORE_CAPS_UINT),
    M(MaxStreamStride, CORE_CAPS_UINT),
    M(VertexShaderVersion, CORE_CAPS_VS_VERSION),
    M(MaxVertexShaderConst, CORE_CAPS_UINT),
    M(PixelShaderVersion, CORE_CAPS_PS_VERSION),
    M(PixelShader1xMaxValue, CORE_CAPS_FLOAT),
    F(DevCaps2, devcaps2_flags),
    M(MaxNpatchTessellationLevel, CORE_CAPS_FLOAT),
    M(Reserved5, CORE_CAPS_UINT),
    M(MasterAdapterOrdinal, CORE_CAPS_UINT),
    M(AdapterOrdinalInGroup, CORE_CAPS_UINT),
    M(NumberOfAdaptersInGroup, CORE_CAPS_UINT),
    F(DeclTypes, decltype_flags),
    M(NumSimultaneousRTs, CORE_CAPS_UINT),
    F(StretchRectFilterCaps, filter_flags),
    F(VS20Caps.Caps, vs20_flags),
    M(VS20Caps.DynamicFlowControlDepth, CORE_CAPS_INT),
    M(VS20Caps.NumTemps, CORE_CAPS_INT),
    M(VS20Caps.StaticFlowControlDepth, CORE_CAPS_INT),
    F(PS20Caps.Caps, ps20_flags),
    M(PS20Caps.DynamicFlowControlDepth, CORE_CAPS_INT),
    M(PS20Caps.NumTemps, CORE_CAPS_INT),
    M(PS20Caps.StaticFlowControlDepth, CORE_CAPS_INT),
    M(PS20Caps.NumInstructionSlots, CORE_CAPS_INT),
    F(VertexTextureFilterCaps, filter_flags),
    M(MaxVShaderInstructionsExecuted, CORE_CAPS_UINT),
    M(MaxPShaderInstructionsExecuted, CORE_CAPS_UINT),
    M(MaxVertexShader30InstructionSlots, CORE_CAPS_UINT),
    M(MaxPixelShader30InstructionSlots, CORE_CAPS_UINT),
};

const core_caps_member *core_caps_members(size_t *count)
{
    *count = COUNT(members);
    return members;
}

const core_caps_member *core_caps_member_by_name(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < COUNT(members); i++)
        if (!strcmp(members[i].name, name))
            return &members[i];
    return NULL;
}

DWORD core_caps_member_bits(const core_caps_member *m, const D3DCAPS9 *c)
{
    DWORD v;
    memcpy(&v, (const char *)c + m->offset, sizeof(v));
    return v;
}

float core_caps_member_float(const core_caps_member *m, const D3DCAPS9 *c)
{
    float f;
    memcpy(&f, (const char *)c + m->offset, sizeof(f));
    return f;
}

void core_caps_decode_flags(const core_caps_member *m, DWORD value, core_caps_token_cb cb,
                            void *ctx)
{
    DWORD left = value;
    char tok[64];
    for (size_t i = 0; i < m->flag_count; i++) {
        const core_caps_flag_name *f = &m->flags[i];
        if (f->field) {
            snprintf(tok, sizeof(tok), "%s=%u", f->name, (unsigned)(value & f->value));
            cb(ctx, tok);
            left &= ~f->value;
        } else if (f->value && (value & f->value) == f->value) {
            cb(ctx, f->name);
            left &= ~f->value;
        }
    }
    if (left) {
        snprintf(tok, sizeof(tok), "0x%08x", (unsigned)left);
        cb(ctx, tok);
    }
}

struct join_ctx {
    char *buf;
    size_t size, len;
    const char *sep;
    bool first;
};

static void join_token(void *ctx, const char *token)
{
    struct join_ctx *j = ctx;
    const char *parts[2] = { j->first ? "" : j->sep, token };
    j->first = false;
    for (int p = 0; p < 2; p++) {
        for (const char *s = parts[p]; *s; s++, j->len++)
            if (j->len + 1 < j->size)
                j->buf[j->len] = *s;
    }
    if (j->size)
        j->buf[j->len + 1 < j->size ? j->len : j->size - 1] = 0;
}

size_t core_caps_format_flags(const core_caps_member *m, DWORD value, const char *sep, char *buf,
                              size_t size)
{
    struct join_ctx j = { buf, size, 0, sep, true };
    if (size)
        buf[0] = 0;
    core_caps_decode_flags(m, value, join_token, &j);
    return j.len;
}

const char *core_caps_devtype_name(DWORD type)
{
    switch (type) {
    case D3DDEVTYPE_HAL: return "D3DDEVTYPE_HAL";
    case D3DDEVTYPE_REF: return "D3DDEVTYPE_REF";
    case D3DDEVTYPE_SW: return "D3DDEVTYPE_SW";
    case D3DDEVTYPE_NULLREF: return "D3DDEVTYPE_NULLREF";
    default: return NULL;
    }
}
