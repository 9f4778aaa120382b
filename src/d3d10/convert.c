/* src/d3d10/convert.c — the D3D10 structures that differ from D3D11's, to and from them.
 *
 * The differences (d3d10.h against d3d11.h, learn.microsoft.com "D3D10_BLEND_DESC",
 * "D3D10_BUFFER_DESC", "D3D10_DEPTH_STENCIL_VIEW_DESC", "D3D10_RESOURCE_MISC_FLAG"):
 *   - D3D10_BUFFER_DESC has no StructureByteStride (0 for D3D11: no structured buffers);
 *   - D3D10_RESOURCE_MISC_SHARED_KEYEDMUTEX is 0x10 and GDI_COMPATIBLE 0x20, where D3D11 has
 *     0x100 and 0x200; the other bits (GENERATE_MIPS, SHARED, TEXTURECUBE) are the same;
 *   - D3D10_DEPTH_STENCIL_VIEW_DESC has no Flags (D3D11's read-only bits: 0);
 *   - D3D10_BLEND_DESC has one set of blend functions for all targets and a BlendEnable and
 *     write mask per target.  As a D3D11 description: IndependentBlendEnable when any target's
 *     enable or mask differs from target 0's, each target with the one set of functions; back
 *     from D3D11, the functions are target 0's.
 * Everything else the D3D10 API passes (texture descriptions, the other view descriptions'
 * members, rasterizer / depth-stencil / sampler / query / counter descriptions, input elements,
 * boxes, rectangles, subresource data) has D3D11's layout and values (static assertions where
 * they are reinterpreted).
 */
#include "d3d10/d3d10_private.h"

#include <string.h>

#define MISC10_KEYEDMUTEX 0x10u
#define MISC10_GDI 0x20u

UINT d3d10_misc_to11(UINT misc)
{
    UINT out = misc & ~(MISC10_KEYEDMUTEX | MISC10_GDI);
    if (misc & MISC10_KEYEDMUTEX)
        out |= D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX;
    if (misc & MISC10_GDI)
        out |= D3D11_RESOURCE_MISC_GDI_COMPATIBLE;
    return out;
}

UINT d3d10_misc_from11(UINT misc)
{
    UINT out = misc & ~(UINT)(D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX |
                              D3D11_RESOURCE_MISC_GDI_COMPATIBLE);
    if (misc & D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX)
        out |= MISC10_KEYEDMUTEX;
    if (misc & D3D11_RESOURCE_MISC_GDI_COMPATIBLE)
        out |= MISC10_GDI;
    return out;
}

D3D11_BUFFER_DESC d3d10_buffer_desc_to11(const D3D10_BUFFER_DESC *d)
{
    D3D11_BUFFER_DESC out = { d->ByteWidth, (D3D11_USAGE)d->Usage, d->BindFlags,
                              d->CPUAccessFlags, d3d10_misc_to11(d->MiscFlags), 0 };
    return out;
}

void d3d10_buffer_desc_from11(const D3D11_BUFFER_DESC *d, D3D10_BUFFER_DESC *out)
{
    out->ByteWidth = d->ByteWidth;
    out->Usage = (D3D10_USAGE)d->Usage;
    out->BindFlags = d->BindFlags;
    out->CPUAccessFlags = d->CPUAccessFlags;
    out->MiscFlags = d3d10_misc_from11(d->MiscFlags);
}

D3D11_BLEND_DESC d3d10_blend_desc_to11(const D3D10_BLEND_DESC *d)
{
    D3D11_BLEND_DESC out;
    memset(&out, 0, sizeof(out));
    out.AlphaToCoverageEnable = d->AlphaToCoverageEnable;
    for (int i = 0; i < 8; i++) {
        D3D11_RENDER_TARGET_BLEND_DESC *rt = &out.RenderTarget[i];
        if (d->BlendEnable[i] != d->BlendEnable[0] ||
            d->RenderTargetWriteMask[i] != d->RenderTargetWriteMask[0])
            out.IndependentBlendEnable = TRUE;
        rt->BlendEnable = d->BlendEnable[i];
        rt->SrcBlend = (D3D11_BLEND)d->SrcBlend;
        rt->DestBlend = (D3D11_BLEND)d->DestBlend;
        rt->BlendOp = (D3D11_BLEND_OP)d->BlendOp;
        rt->SrcBlendAlpha = (D3D11_BLEND)d->SrcBlendAlpha;
        rt->DestBlendAlpha = (D3D11_BLEND)d->DestBlendAlpha;
        rt->BlendOpAlpha = (D3D11_BLEND_OP)d->BlendOpAlpha;
        rt->RenderTargetWriteMask = d->RenderTargetWriteMask[i];
    }
    return out;
}

void d3d10_blend_desc_from11(const D3D11_BLEND_DESC *d, D3D10_BLEND_DESC *out)
{
    const D3D11_RENDER_TARGET_BLEND_DESC *rt0 = &d->RenderTarget[0];
    out->AlphaToCoverageEnable = d->AlphaToCoverageEnable;
    out->SrcBlend = (D3D10_BLEND)rt0->SrcBlend;
    out->DestBlend = (D3D10_BLEND)rt0->DestBlend;
    out->BlendOp = (D3D10_BLEND_OP)rt0->BlendOp;
    out->SrcBlendAlpha = (D3D10_BLEND)rt0->SrcBlendAlpha;
    out->DestBlendAlpha = (D3D10_BLEND)rt0->DestBlendAlpha;
    out->BlendOpAlpha = (D3D10_BLEND_OP)rt0->BlendOpAlpha;
    for (int i = 0; i < 8; i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC *rt = d->IndependentBlendEnable ? &d->RenderTarget[i]
                                                                             : rt0;
        out->BlendEnable[i] = rt->BlendEnable;
        out->RenderTargetWriteMask[i] = rt->RenderTargetWriteMask;
    }
}

D3D11_DEPTH_STENCIL_VIEW_DESC d3d10_dsv_desc_to11(const D3D10_DEPTH_STENCIL_VIEW_DESC *d)
{
    D3D11_DEPTH_STENCIL_VIEW_DESC out;
    memset(&out, 0, sizeof(out));
    out.Format = d->Format;
    out.ViewDimension = (D3D11_DSV_DIMENSION)d->ViewDimension;
    _Static_assert(sizeof(d->Texture2DArray) == sizeof(out.Texture2DArray), "layout");
    memcpy(&out.Texture2DArray, &d->Texture2DArray, sizeof(d->Texture2DArray));   /* the union */
    return out;
}

void d3d10_dsv_desc_from11(const D3D11_DEPTH_STENCIL_VIEW_DESC *d,
                           D3D10_DEPTH_STENCIL_VIEW_DESC *out)
{
    out->Format = d->Format;
    out->ViewDimension = (D3D10_DSV_DIMENSION)d->ViewDimension;
    memcpy(&out->Texture2DArray, &d->Texture2DArray, sizeof(out->Texture2DArray));
}
