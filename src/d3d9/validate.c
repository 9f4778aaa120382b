/* src/d3d9/validate.c — IDirect3DDevice9::ValidateDevice: whether the current texture-stage,
 * sampler and render-state setup can be rendered in one pass, judged against the caps of the
 * device's profile.
 *
 * Seed 003 ("ValidateDevice"): a supported combination returns D3D_OK and *pNumPasses 1; an
 * unsupported one returns the specific code — the device may not fail wholesale.  The checks,
 * in order, each returning at the first failure (pNumPasses NULL is D3DERR_INVALIDCALL first):
 *   - texture stages (unless a pixel shader is set, which replaces them), from 0 until the
 *     first with D3DTSS_COLOROP D3DTOP_DISABLE:
 *       more enabled stages than MaxTextureBlendStages, or more textures bound to them than
 *       MaxSimultaneousTextures: D3DERR_TOOMANYOPERATIONS;
 *       a COLOROP / ALPHAOP that is no D3DTOP value or whose D3DTEXOPCAPS bit (1 << (op - 1))
 *       is missing from TextureOpCaps: D3DERR_UNSUPPORTEDCOLOROPERATION /
 *       D3DERR_UNSUPPORTEDALPHAOPERATION;
 *       an argument the operation reads (D3DTEXTUREOP: ARG1 for SELECTARG1 and PREMODULATE, ARG2
 *       for SELECTARG2, ARG0..ARG2 for MULTIPLYADD and LERP, none for the bump-map operations,
 *       else ARG1 and ARG2; the alpha arguments only when ALPHAOP is not DISABLE) that is no
 *       D3DTA value, or D3DTA_TEMP without D3DPMISCCAPS_TSSARGTEMP, or D3DTA_CONSTANT without
 *       D3DPMISCCAPS_PERSTAGECONSTANT: D3DERR_UNSUPPORTEDCOLORARG / D3DERR_UNSUPPORTEDALPHAARG.
 *       An argument no operation reads is not judged: the stage renders whatever it holds, and
 *       seed 003 asks for D3D_OK for everything that renders.  A RESULTARG other than CURRENT
 *       (or TEMP with TSSARGTEMP) is D3DERR_UNSUPPORTEDCOLORARG;
 *   - every sampler with a texture set: MINFILTER / MAGFILTER / MIPFILTER must have their bits in
 *     the filter caps of the texture's type (TextureFilterCaps, CubeTextureFilterCaps,
 *     VolumeTextureFilterCaps; VertexTextureFilterCaps for the vertex samplers), D3DTEXF_NONE is a
 *     mip filter only; an anisotropic filter with D3DSAMP_MAXANISOTROPY above MaxAnisotropy
 *     ("the maximum valid value for the D3DSAMP_MAXANISOTROPY texture-stage state", D3DCAPS9) or
 *     below 1; a filter other than point (or mip NONE) on a format the profile cannot filter
 *     (CheckDeviceFormat's D3DUSAGE_QUERY_FILTER): all D3DERR_UNSUPPORTEDTEXTUREFILTER;
 *   - every sampler with a non-power-of-two 2D texture, on a profile with
 *     D3DPTEXTURECAPS_POW2 | D3DPTEXTURECAPS_NONPOW2CONDITIONAL (the 9_x profiles; max has
 *     neither): the conditions of seed 003 row 4 and of the NONPOW2CONDITIONAL documentation
 *     (D3DPTEXTURECAPS: CLAMP addressing, D3DRS_WRAPn 0, "MIP mapping is not in use", "texture
 *     formats must not be D3DFMT_DXT1 through D3DFMT_DXT5") — see check_nonpow2();
 *   - render states that the profile's caps do not allow together (D3DERR_CONFLICTINGRENDERSTATE):
 *     with D3DRS_ALPHABLENDENABLE, a SRCBLEND / DESTBLEND (and, with SEPARATEALPHABLENDENABLE,
 *     SRCBLENDALPHA / DESTBLENDALPHA) whose D3DPBLENDCAPS bit is missing from SrcBlendCaps /
 *     DestBlendCaps (D3DBLEND_b has bit 1 << (b - 1); INVBLENDFACTOR shares BLENDFACTOR's),
 *     SEPARATEALPHABLENDENABLE without D3DPMISCCAPS_SEPARATEALPHABLEND, a BLENDOP other than ADD
 *     without D3DPMISCCAPS_BLENDOP, and a bound render target whose format the profile does not
 *     blend (D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING); D3DRS_ZENABLE D3DZB_USEW without
 *     D3DPRASTERCAPS_WBUFFER.
 * Codes that cannot arise on softd3d, and why (tests/test_d3d9_validate.c shows the setups that
 * would raise them on weaker hardware returning D3D_OK):
 *   - D3DERR_CONFLICTINGTEXTUREFILTER: the sampler applies the min, mag and mip filters
 *     independently (src/sample), so filters that are each supported are supported together;
 *   - D3DERR_UNSUPPORTEDFACTORVALUE: "Not used; provided only to support older drivers"
 *     (D3DERR); every D3DRS_TEXTUREFACTOR value is a colour the stages read;
 *   - D3DERR_CONFLICTINGTEXTUREPALETTE: no profile creates palettized textures (D3DFMT_P8 and
 *     A8P8 are D3DERR_NOTAVAILABLE in CheckDeviceFormat), so no two textures can need palettes.
 * d3d9_validate_device_state() is the pure part (state + caps -> HRESULT + message), so a test can
 * hold it against caps no profile has (a device with fewer stages or textures).
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

/* Which of ARG0, ARG1, ARG2 an operation reads (bit 0 = ARG0), D3DTEXTUREOP. */
static unsigned op_args(DWORD op)
{
    switch (op) {
    case D3DTOP_SELECTARG1:
    case D3DTOP_PREMODULATE: return 2u;
    case D3DTOP_SELECTARG2: return 4u;
    case D3DTOP_MULTIPLYADD:
    case D3DTOP_LERP: return 7u;
    case D3DTOP_BUMPENVMAP:
    case D3DTOP_BUMPENVMAPLUMINANCE: return 0u;
    default: return 6u;
    }
}

static HRESULT check_args(const D3DCAPS9 *caps, const DWORD *t, DWORD op,
                          const D3DTEXTURESTAGESTATETYPE args[3], HRESULT code, DWORD stage,
                          const char *const names[3])
{
    unsigned used = op_args(op);
    HRESULT hr;
    for (int i = 0; i < 3; i++)
        if ((used & (1u << i)) && FAILED(hr = check_arg(caps, t[args[i]], code, stage, names[i])))
            return hr;
    return D3D_OK;
}

static HRESULT check_stages(const D3DCAPS9 *caps, const struct d3d9_state *st)
{
    static const D3DTEXTURESTAGESTATETYPE cargs[3] = { D3DTSS_COLORARG0, D3DTSS_COLORARG1,
                                                       D3DTSS_COLORARG2 };
    static const D3DTEXTURESTAGESTATETYPE aargs[3] = { D3DTSS_ALPHAARG0, D3DTSS_ALPHAARG1,
                                                       D3DTSS_ALPHAARG2 };
    static const char *const cnames[3] = { "COLORARG0", "COLORARG1", "COLORARG2" };
    static const char *const anames[3] = { "ALPHAARG0", "ALPHAARG1", "ALPHAARG2" };
    DWORD textures = 0;
    HRESULT hr;
    for (DWORD s = 0; s < D3D9_TSS_STAGES; s++) {
        const DWORD *t = st->tss[s];
        if (t[D3DTSS_COLOROP] == D3DTOP_DISABLE)
            break;
        if (s >= caps->MaxTextureBlendStages) {
            util_msg(false, "ValidateDevice: %u stages enabled, MaxTextureBlendStages is %u",
                     (unsigned)s + 1, (unsigned)caps->MaxTextureBlendStages);
            return D3DERR_TOOMANYOPERATIONS;
        }
        if (st->textures[s] && ++textures > caps->MaxSimultaneousTextures) {
            util_msg(false, "ValidateDevice: %u textures on the enabled stages, "
                            "MaxSimultaneousTextures is %u", (unsigned)textures,
                     (unsigned)caps->MaxSimultaneousTextures);
            return D3DERR_TOOMANYOPERATIONS;
        }
        if (FAILED(hr = check_op(caps, t[D3DTSS_COLOROP], D3DERR_UNSUPPORTEDCOLOROPERATION, s,
                                 "COLOROP")) ||
            FAILED(hr = check_op(caps, t[D3DTSS_ALPHAOP], D3DERR_UNSUPPORTEDALPHAOPERATION, s,
                                 "ALPHAOP")) ||
            FAILED(hr = check_args(caps, t, t[D3DTSS_COLOROP], cargs,
                                   D3DERR_UNSUPPORTEDCOLORARG, s, cnames)) ||
            (t[D3DTSS_ALPHAOP] != D3DTOP_DISABLE &&
             FAILED(hr = check_args(caps, t, t[D3DTSS_ALPHAOP], aargs,
                                    D3DERR_UNSUPPORTEDALPHAARG, s, anames))))
            return hr;
        /* D3DTEXTUREOP: the bump-mapping operations are "supported only for color operations
         * (D3DTSS_COLOROP)" */
        if (t[D3DTSS_ALPHAOP] == D3DTOP_BUMPENVMAP ||
            t[D3DTSS_ALPHAOP] == D3DTOP_BUMPENVMAPLUMINANCE) {
            util_msg(false, "ValidateDevice: stage %d: ALPHAOP %u is a bump-mapping operation, "
                            "which is a colour operation only", s, (unsigned)t[D3DTSS_ALPHAOP]);
            return D3DERR_UNSUPPORTEDALPHAOPERATION;
        }
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

/* D3DRS_WRAP0..7 and WRAP8..15 are two runs of render states. */
static D3DRENDERSTATETYPE wrap_state(DWORD set)
{
    return set < 8 ? (D3DRENDERSTATETYPE)(D3DRS_WRAP0 + set)
                   : (D3DRENDERSTATETYPE)(D3DRS_WRAP8 + (set - 8));
}

/* Seed 003 row 4 and the D3DPTEXTURECAPS_NONPOW2CONDITIONAL documentation: a device with the
 * conditional cap samples a 2D texture whose size is not a power of two only when the stage's
 * addressing is D3DTADDRESS_CLAMP, texture wrapping is disabled (D3DRS_WRAPn 0), MIP mapping is
 * not in use and the format is not DXT1-DXT5.  softd3d's sampler handles every case correctly,
 * but a profile that advertises the conditional cap promises an application no more than that,
 * so ValidateDevice reports each violation (seed 003, ValidateDevice: the specific code, not a
 * wholesale failure).  The codes, from the list ValidateDevice documents:
 *   - DXT1-5: D3DERR_WRONGTEXTUREFORMAT ("the pixel format of the texture surface is not
 *     valid"): the format itself is what the condition excludes, whatever the states;
 *   - D3DSAMP_MIPFILTER other than D3DTEXF_NONE on a texture of more than one level:
 *     D3DERR_UNSUPPORTEDTEXTUREFILTER, the filter being what is unsupported on this texture
 *     (a single level samples its top level whatever the mip filter: no MIP mapping in use);
 *   - D3DSAMP_ADDRESSU / ADDRESSV other than CLAMP, or a nonzero D3DRS_WRAPn for the stage's
 *     coordinate set: D3DERR_CONFLICTINGRENDERSTATE ("the currently set render states cannot be
 *     used together"): each state is supported alone, but not with this texture.
 * The coordinate set of WRAPn: the stage's D3DTSS_TEXCOORDINDEX (low word) for the
 * fixed-function stages, the sampler's own index n with a pixel shader (tn of ps_1_x pairs with
 * stage n); vertex samplers read no WRAPn (it applies to the pixel stage's interpolation). */
static HRESULT check_nonpow2(const D3DCAPS9 *caps, const struct d3d9_state *st, int slot)
{
    const struct d3d9_texture *t = st->textures[slot];
    const DWORD *s = st->samp[slot];
    const DWORD cond = D3DPTEXTURECAPS_POW2 | D3DPTEXTURECAPS_NONPOW2CONDITIONAL;
    if ((caps->TextureCaps & cond) != cond || !d3d9_texture_nonpow2(t))
        return D3D_OK;
    if (t->format == D3DFMT_DXT1 || t->format == D3DFMT_DXT2 || t->format == D3DFMT_DXT3 ||
        t->format == D3DFMT_DXT4 || t->format == D3DFMT_DXT5) {
        util_msg(false, "ValidateDevice: sampler slot %d: a %ux%u DXT texture is not a power of "
                        "two (D3DPTEXTURECAPS_NONPOW2CONDITIONAL, seed 003 row 4)", slot,
                 t->width, t->height);
        return D3DERR_WRONGTEXTUREFORMAT;
    }
    if (s[D3DSAMP_MIPFILTER] != D3DTEXF_NONE && t->levels > 1) {
        util_msg(false, "ValidateDevice: sampler slot %d: mip filter %u on a %ux%u texture of %u "
                        "levels (D3DPTEXTURECAPS_NONPOW2CONDITIONAL, seed 003 row 4)", slot,
                 (unsigned)s[D3DSAMP_MIPFILTER], t->width, t->height, t->levels);
        return D3DERR_UNSUPPORTEDTEXTUREFILTER;
    }
    if (s[D3DSAMP_ADDRESSU] != D3DTADDRESS_CLAMP || s[D3DSAMP_ADDRESSV] != D3DTADDRESS_CLAMP) {
        util_msg(false, "ValidateDevice: sampler slot %d: addressing %u/%u on a %ux%u texture; "
                        "only CLAMP (D3DPTEXTURECAPS_NONPOW2CONDITIONAL, seed 003 row 4)", slot,
                 (unsigned)s[D3DSAMP_ADDRESSU], (unsigned)s[D3DSAMP_ADDRESSV], t->width,
                 t->height);
        return D3DERR_CONFLICTINGRENDERSTATE;
    }
    if (slot < D3D9_PIXEL_SAMPLERS) {
        DWORD set = (DWORD)slot;
        if (!st->ps && slot < D3D9_TSS_STAGES)
            set = st->tss[slot][D3DTSS_TEXCOORDINDEX] & 0xffffu;
        if (set < 16 && st->rs[wrap_state(set)]) {
            util_msg(false, "ValidateDevice: sampler slot %d: D3DRS_WRAP%u 0x%x with a %ux%u "
                            "texture (D3DPTEXTURECAPS_NONPOW2CONDITIONAL, seed 003 row 4)", slot,
                     (unsigned)set, (unsigned)st->rs[wrap_state(set)], t->width, t->height);
            return D3DERR_CONFLICTINGRENDERSTATE;
        }
    }
    return D3D_OK;
}

static HRESULT check_samplers(const core_profile *profile, const D3DCAPS9 *caps,
                              const struct d3d9_state *st)
{
    for (int slot = 0; slot < D3D9_SAMPLER_SLOTS; slot++) {
        const struct d3d9_texture *t = st->textures[slot];
        const DWORD *s = st->samp[slot];
        DWORD fcaps, minb, magb, mipb;
        bool aniso;
        HRESULT hr;
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
            !(d3d9_format_uses(profile, t->format) & D3D9_FMT_FILTER)) {
            util_msg(false, "ValidateDevice: sampler slot %d: the texture's format cannot be "
                            "filtered on profile %s", slot, profile->name);
            return D3DERR_UNSUPPORTEDTEXTUREFILTER;
        }
        if (FAILED(hr = check_nonpow2(caps, st, slot)))
            return hr;
    }
    return D3D_OK;
}

/* The D3DPBLENDCAPS bit of a D3DBLEND value; 0 for one that is none. */
static DWORD blend_bit(DWORD b)
{
    if (b >= D3DBLEND_ZERO && b <= D3DBLEND_BLENDFACTOR)
        return 1u << (b - 1);
    if (b == D3DBLEND_INVBLENDFACTOR)
        return D3DPBLENDCAPS_BLENDFACTOR;
    return 0;
}

static HRESULT check_blend_factor(const D3DCAPS9 *caps, const DWORD *rs, D3DRENDERSTATETYPE rsi,
                                  bool src, const char *name)
{
    DWORD bit = blend_bit(rs[rsi]);
    if (!bit || !((src ? caps->SrcBlendCaps : caps->DestBlendCaps) & bit)) {
        util_msg(false, "ValidateDevice: %s %u is not in the profile's %s", name,
                 (unsigned)rs[rsi], src ? "SrcBlendCaps" : "DestBlendCaps");
        return D3DERR_CONFLICTINGRENDERSTATE;
    }
    return D3D_OK;
}

static HRESULT check_render_states(const core_profile *profile, const D3DCAPS9 *caps,
                                   const struct d3d9_state *st, const D3DFORMAT rt_formats[4])
{
    const DWORD *rs = st->rs;
    bool separate = rs[D3DRS_SEPARATEALPHABLENDENABLE] != FALSE;
    HRESULT hr;
    if (rs[D3DRS_ZENABLE] == D3DZB_USEW && !(caps->RasterCaps & D3DPRASTERCAPS_WBUFFER)) {
        util_msg(false, "ValidateDevice: D3DRS_ZENABLE D3DZB_USEW needs "
                        "D3DPRASTERCAPS_WBUFFER, which profile %s does not have", profile->name);
        return D3DERR_CONFLICTINGRENDERSTATE;
    }
    if (!rs[D3DRS_ALPHABLENDENABLE])
        return D3D_OK;
    if (FAILED(hr = check_blend_factor(caps, rs, D3DRS_SRCBLEND, true, "D3DRS_SRCBLEND")) ||
        FAILED(hr = check_blend_factor(caps, rs, D3DRS_DESTBLEND, false, "D3DRS_DESTBLEND")))
        return hr;
    if (separate) {
        if (!(caps->PrimitiveMiscCaps & D3DPMISCCAPS_SEPARATEALPHABLEND)) {
            util_msg(false, "ValidateDevice: D3DRS_SEPARATEALPHABLENDENABLE needs "
                            "D3DPMISCCAPS_SEPARATEALPHABLEND, which profile %s does not have "
                            "(seed 000: from 9_2)", profile->name);
            return D3DERR_CONFLICTINGRENDERSTATE;
        }
        if (FAILED(hr = check_blend_factor(caps, rs, D3DRS_SRCBLENDALPHA, true,
                                           "D3DRS_SRCBLENDALPHA")) ||
            FAILED(hr = check_blend_factor(caps, rs, D3DRS_DESTBLENDALPHA, false,
                                           "D3DRS_DESTBLENDALPHA")))
            return hr;
    }
    if ((rs[D3DRS_BLENDOP] != D3DBLENDOP_ADD ||
         (separate && rs[D3DRS_BLENDOPALPHA] != D3DBLENDOP_ADD)) &&
        !(caps->PrimitiveMiscCaps & D3DPMISCCAPS_BLENDOP)) {
        util_msg(false, "ValidateDevice: a blend operation other than ADD needs "
                        "D3DPMISCCAPS_BLENDOP, which profile %s does not have", profile->name);
        return D3DERR_CONFLICTINGRENDERSTATE;
    }
    for (int i = 0; i < 4; i++) {
        char buf[32];
        if (rt_formats[i] == D3DFMT_UNKNOWN ||
            (d3d9_format_uses(profile, rt_formats[i]) & D3D9_FMT_BLEND))
            continue;
        util_msg(false, "ValidateDevice: D3DRS_ALPHABLENDENABLE with render target %d of format "
                        "%s, which profile %s does not blend "
                        "(D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING)", i,
                 d3d9_format_name(rt_formats[i], buf, sizeof(buf)), profile->name);
        return D3DERR_CONFLICTINGRENDERSTATE;
    }
    return D3D_OK;
}

HRESULT d3d9_validate_device_state(const core_profile *profile, const D3DCAPS9 *caps,
                                   const struct d3d9_state *st, const D3DFORMAT rt_formats[4])
{
    HRESULT hr = D3D_OK;
    /* With a pixel shader set, the texture stages are not executed ("the fixed-function pixel
     * pipeline is disabled" while a pixel shader is set): their operations cannot fail. */
    if ((st->ps || SUCCEEDED(hr = check_stages(caps, st))) &&
        SUCCEEDED(hr = check_samplers(profile, caps, st)))
        hr = check_render_states(profile, caps, st, rt_formats);
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_ValidateDevice(IDirect3DDevice9 *iface, DWORD *passes)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    D3DFORMAT rt_formats[4];
    HRESULT hr;
    if (!passes) {
        util_msg(false, "ValidateDevice: pNumPasses is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock_state(dev);
    for (int i = 0; i < 4; i++)
        rt_formats[i] = dev->rt[i] ? dev->rt[i]->format : D3DFMT_UNKNOWN;
    hr = d3d9_validate_device_state(dev->profile, d3d9_device_caps(dev), dev->state, rt_formats);
    d3d9_device_unlock(dev);
    *passes = SUCCEEDED(hr) ? 1 : 0;
    return hr;
}

void d3d9_validate_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->ValidateDevice = device_ValidateDevice;
}
