/* src/d3d9/validate.c — IDirect3DDevice9::ValidateDevice: whether the current texture-stage and
 * sampler setup can be rendered in one pass, judged against the caps of the device's profile.
 *
 * Seed 003 ("ValidateDevice"): a supported combination returns D3D_OK; an unsupported one
 * returns the specific code — the device may not fail wholesale.  The checks, in order, each
 * returning at the first failure:
 *   - pNumPasses required (D3DERR_INVALIDCALL); it receives 1 on success;
 *   - texture stages, from 0 until the first with D3DTSS_COLOROP D3DTOP_DISABLE: more enabled
 *     stages than MaxTextureBlendStages is D3DERR_TOOMANYOPERATIONS; a COLOROP / ALPHAOP whose
 *     D3DTEXOPCAPS bit is missing from TextureOpCaps is D3DERR_UNSUPPORTEDCOLOROPERATION /
 *     D3DERR_UNSUPPORTEDALPHAOPERATION; an argument (ARG1, ARG2, and ARG0 for MULTIPLYADD and
 *     LERP) that is no D3DTA value, or D3DTA_TEMP without D3DPMISCCAPS_TSSARGTEMP, or
 *     D3DTA_CONSTANT without D3DPMISCCAPS_PERSTAGECONSTANT, is D3DERR_UNSUPPORTEDCOLORARG /
 *     D3DERR_UNSUPPORTEDALPHAARG; a RESULTARG other than CURRENT (or TEMP with TSSARGTEMP) is
 *     D3DERR_UNSUPPORTEDCOLORARG;
 *   - every sampler with a texture set: MINFILTER / MAGFILTER / MIPFILTER must have their bits in
 *     the filter caps of the texture's type (TextureFilterCaps, CubeTextureFilterCaps,
 *     VolumeTextureFilterCaps; VertexTextureFilterCaps for the vertex samplers), D3DTEXF_NONE is a
 *     mip filter only; an anisotropic filter with D3DSAMP_MAXANISOTROPY above MaxAnisotropy
 *     ("the maximum valid value for the D3DSAMP_MAXANISOTROPY texture-stage state", D3DCAPS9) or
 *     below 1; a filter other than point (or mip NONE) on a format the profile cannot filter
 *     (CheckDeviceFormat's D3DUSAGE_QUERY_FILTER): all D3DERR_UNSUPPORTEDTEXTUREFILTER.
 * This is the part of ValidateDevice that follows from the state and the caps; the draw path
 * adds what only it knows (shaders, render-target formats) when it lands.
 */
#include "d3d9/d3d9_resource.h"
#include "d3d9/d3d9_state.h"

#include "util/log.h"

static HRESULT check_arg(const D3DCAPS9 *caps, DWORD arg, HRESULT code, DWORD stage,
                         const char *what)
{
    DWORD sel = arg & D3DTA_SELECTMASK;
    bool ok = !(arg & ~(DWORD)(D3DTA_SELECTMASK | D3DTA_COMPLEMENT | D3DTA_ALPHAREPLICATE)) &&
              sel <= D3DTA_CONSTANT;
    if (ok && sel == D3DTA_TEMP)
        ok = caps->PrimitiveMiscCaps & D3DPMISCCAPS_TSSARGTEMP;
    if (ok && sel == D3DTA_CONSTANT)
        ok = caps->PrimitiveMiscCaps & D3DPMISCCAPS_PERSTAGECONSTANT;
    if (!ok) {
        util_msg(false, "ValidateDevice: stage %u %s 0x%x is not supported", (unsigned)stage,
                 what, (unsigned)arg);
        return code;
    }
    return D3D_OK;
}

static HRESULT check_op(const D3DCAPS9 *caps, DWORD op, HRESULT code, DWORD stage,
                        const char *what)
{
    if (op < D3DTOP_DISABLE || op > D3DTOP_LERP || !(caps->TextureOpCaps & (1u << (op - 1)))) {
        util_msg(false, "ValidateDevice: stage %u %s %u is not in TextureOpCaps", (unsigned)stage,
                 what, (unsigned)op);
        return code;
    }
    return D3D_OK;
}

static HRESULT check_stages(const D3DCAPS9 *caps, const struct d3d9_state *st)
{
    HRESULT hr;
    for (DWORD s = 0; s < D3D9_TSS_STAGES; s++) {
        const DWORD *t = st->tss[s];
        bool triadic_c = t[D3DTSS_COLOROP] == D3DTOP_MULTIPLYADD ||
                         t[D3DTSS_COLOROP] == D3DTOP_LERP;
        bool triadic_a = t[D3DTSS_ALPHAOP] == D3DTOP_MULTIPLYADD ||
                         t[D3DTSS_ALPHAOP] == D3DTOP_LERP;
        if (t[D3DTSS_COLOROP] == D3DTOP_DISABLE)
            break;
        if (s >= caps->MaxTextureBlendStages) {
            util_msg(false, "ValidateDevice: %u stages enabled, MaxTextureBlendStages is %u",
                     (unsigned)s + 1, (unsigned)caps->MaxTextureBlendStages);
            return D3DERR_TOOMANYOPERATIONS;
        }
        if (FAILED(hr = check_op(caps, t[D3DTSS_COLOROP], D3DERR_UNSUPPORTEDCOLOROPERATION, s,
                                 "COLOROP")) ||
            FAILED(hr = check_op(caps, t[D3DTSS_ALPHAOP], D3DERR_UNSUPPORTEDALPHAOPERATION, s,
                                 "ALPHAOP")) ||
            FAILED(hr = check_arg(caps, t[D3DTSS_COLORARG1], D3DERR_UNSUPPORTEDCOLORARG, s,
                                  "COLORARG1")) ||
            FAILED(hr = check_arg(caps, t[D3DTSS_COLORARG2], D3DERR_UNSUPPORTEDCOLORARG, s,
                                  "COLORARG2")) ||
            (triadic_c && FAILED(hr = check_arg(caps, t[D3DTSS_COLORARG0],
                                                D3DERR_UNSUPPORTEDCOLORARG, s, "COLORARG0"))) ||
            FAILED(hr = check_arg(caps, t[D3DTSS_ALPHAARG1], D3DERR_UNSUPPORTEDALPHAARG, s,
                                  "ALPHAARG1")) ||
            FAILED(hr = check_arg(caps, t[D3DTSS_ALPHAARG2], D3DERR_UNSUPPORTEDALPHAARG, s,
                                  "ALPHAARG2")) ||
            (triadic_a && FAILED(hr = check_arg(caps, t[D3DTSS_ALPHAARG0],
                                                D3DERR_UNSUPPORTEDALPHAARG, s, "ALPHAARG0"))))
            return hr;
        if (t[D3DTSS_RESULTARG] != D3DTA_CURRENT &&
            !(t[D3DTSS_RESULTARG] == D3DTA_TEMP &&
              (caps->PrimitiveMiscCaps & D3DPMISCCAPS_TSSARGTEMP))) {
            util_msg(false, "ValidateDevice: stage %u RESULTARG 0x%x is not supported",
                     (unsigned)s, (unsigned)t[D3DTSS_RESULTARG]);
            return D3DERR_UNSUPPORTEDCOLORARG;
        }
    }
    return D3D_OK;
}

/* The caps bit of a min (shift 8), mip (16) or mag (24) filter; 0 for an invalid one. */
static DWORD filter_bit(DWORD filter, unsigned shift, bool mip)
{
    switch (filter) {
    case D3DTEXF_NONE: return mip ? ~0u : 0;   /* always fine as a mip filter */
    case D3DTEXF_POINT: return 1u << shift;
    case D3DTEXF_LINEAR: return 2u << shift;
    case D3DTEXF_ANISOTROPIC: return mip ? 0 : 4u << shift;
    case D3DTEXF_PYRAMIDALQUAD: return mip ? 0 : 8u << shift;
    case D3DTEXF_GAUSSIANQUAD: return mip ? 0 : 16u << shift;
    default: return 0;
    }
}

static HRESULT check_samplers(const struct d3d9_device *dev, const D3DCAPS9 *caps,
                              const struct d3d9_state *st)
{
    for (int slot = 0; slot < D3D9_SAMPLER_SLOTS; slot++) {
        const struct d3d9_texture *t = st->textures[slot];
        const DWORD *s = st->samp[slot];
        DWORD fcaps, minb, magb, mipb;
        bool aniso;
        if (!t)
            continue;
        fcaps = slot >= D3D9_PIXEL_SAMPLERS                  ? caps->VertexTextureFilterCaps
                : t->r.type == D3DRTYPE_CUBETEXTURE          ? caps->CubeTextureFilterCaps
                : t->r.type == D3DRTYPE_VOLUMETEXTURE        ? caps->VolumeTextureFilterCaps
                                                             : caps->TextureFilterCaps;
        minb = filter_bit(s[D3DSAMP_MINFILTER], 8, false);
        magb = filter_bit(s[D3DSAMP_MAGFILTER], 24, false);
        mipb = filter_bit(s[D3DSAMP_MIPFILTER], 16, true);
        if (!minb || !magb || !mipb || !(fcaps & minb) || !(fcaps & magb) ||
            (mipb != ~0u && !(fcaps & mipb))) {
            util_msg(false, "ValidateDevice: sampler slot %d: filters %u/%u/%u are not all in the "
                            "filter caps 0x%x", slot, (unsigned)s[D3DSAMP_MINFILTER],
                     (unsigned)s[D3DSAMP_MAGFILTER], (unsigned)s[D3DSAMP_MIPFILTER],
                     (unsigned)fcaps);
            return D3DERR_UNSUPPORTEDTEXTUREFILTER;
        }
        aniso = s[D3DSAMP_MINFILTER] == D3DTEXF_ANISOTROPIC ||
                s[D3DSAMP_MAGFILTER] == D3DTEXF_ANISOTROPIC;
        if (aniso && (s[D3DSAMP_MAXANISOTROPY] < 1 ||
                      s[D3DSAMP_MAXANISOTROPY] > caps->MaxAnisotropy)) {
            util_msg(false, "ValidateDevice: D3DSAMP_MAXANISOTROPY %u outside 1..MaxAnisotropy %u "
                            "(seed 003)", (unsigned)s[D3DSAMP_MAXANISOTROPY],
                     (unsigned)caps->MaxAnisotropy);
            return D3DERR_UNSUPPORTEDTEXTUREFILTER;
        }
        if ((s[D3DSAMP_MINFILTER] != D3DTEXF_POINT || s[D3DSAMP_MAGFILTER] != D3DTEXF_POINT ||
             s[D3DSAMP_MIPFILTER] == D3DTEXF_LINEAR) &&
            !(d3d9_format_uses(dev->profile, t->format) & D3D9_FMT_FILTER)) {
            util_msg(false, "ValidateDevice: sampler slot %d: the texture's format cannot be "
                            "filtered on profile %s", slot, dev->profile->name);
            return D3DERR_UNSUPPORTEDTEXTUREFILTER;
        }
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_ValidateDevice(IDirect3DDevice9 *iface, DWORD *passes)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    const D3DCAPS9 *caps;
    HRESULT hr;
    if (!passes) {
        util_msg(false, "ValidateDevice: pNumPasses is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    caps = d3d9_device_caps(dev);
    if (SUCCEEDED(hr = check_stages(caps, dev->state)))
        hr = check_samplers(dev, caps, dev->state);
    d3d9_device_unlock(dev);
    *passes = SUCCEEDED(hr) ? 1 : 0;
    return hr;
}

void d3d9_validate_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->ValidateDevice = device_ValidateDevice;
}
