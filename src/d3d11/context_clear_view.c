/* src/d3d11/context_clear_view.c — ID3D11DeviceContext1::ClearView (and the Discard methods,
 * at the end) on the 11_1 context
 * (issue 15; "Direct3D 11.1 Features": "Use UAVs at every pipeline stage ... ClearView").
 *
 * The method's page: "ClearView works only on render-target views (RTVs), depth/stencil views
 * (DSVs) on depth-only resources ..., unordered-access views (UAVs), or any video view of a
 * Texture2D surface.  The runtime drops invalid calls.  Empty rectangles in the pRect array
 * are a no-op ... ClearView doesn't support 3D textures.  ClearView applies the same color
 * value to all array slices in a view; all rectangles in the pRect array correspond to each
 * array slice ... When you apply rectangles to buffers, set the top value to 0, and the bottom
 * value to 1 and set the left value and right value to describe the extent within the
 * buffer."  The colour is converted to the view format ("clamps the input to 0.0f through
 * 1.0f" for UNORM; integer formats take the integral float, "rounding to zero, out-of-range /
 * INF values clamp to the target range, and NaN values map to 0").
 *
 * Implemented: RTVs and typed UAVs of ordinary buffers, Texture1D(Array) and
 * Texture2D(Array) (multisampled RTVs: every sample), and of tiled ones (tiled_draw.c lends
 * them a linear copy for the call).  Dropped with a message: DSVs
 * (D3D11_OPTIONS1.ClearViewAlsoSupportsDepthOnlyFormats is FALSE), raw / structured UAVs,
 * views of 3D textures, calls on deferred contexts (not recorded),
 * rectangles on buffers whose top/bottom are not
 * 0/1.  Rectangles are clipped to the view. */
#include <math.h>
#include <string.h>

#include "d3d11/d3d11_context.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_tiled.h"
#include "d3d11/format_support.h"
#include "sample/texel.h"
#include "util/log.h"

static struct d3d11_context *impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_context, iface);
}

/* An integer channel as the page says: the integral value, clamped to the channel's range. */
static uint32_t int_channel(float f, unsigned bits, bool is_signed)
{
    double lo = is_signed ? -ldexp(1.0, (int)bits - 1) : 0.0;
    double hi = is_signed ? ldexp(1.0, (int)bits - 1) - 1.0 : ldexp(1.0, (int)bits) - 1.0;
    double v = isnan(f) ? 0.0 : trunc((double)f);
    v = v < lo ? lo : v > hi ? hi : v;
    return is_signed ? (uint32_t)(int32_t)v : (uint32_t)v;
}

/* One texel of `format` holding `color`; false when it cannot be encoded. */
static bool encode(DXGI_FORMAT format, const FLOAT color[4], unsigned char *texel,
                   UINT *bytes)
{
    const struct texel_format *tf = texel_format_get((core_format)format);
    if (!tf || !tf->store || tf->block_w != 1 || tf->block_h != 1 || tf->block_bytes > 16)
        return false;
    memset(texel, 0, 16);
    if (tf->integer) {
        uint32_t u[4];
        for (int c = 0; c < 4; c++) {
            unsigned bits = tf->ch[c].bits ? tf->ch[c].bits : 32;
            u[c] = int_channel(color[c], bits, tf->ch[c].type == TEXEL_SINT);
        }
        texel_store_int(tf, u, texel, 0, 0);
    } else {
        /* texel_store converts with the D3D rules (UNORM saturates, NaN -> 0) */
        texel_store(tf, color, texel, 0, 0);
    }
    *bytes = tf->block_bytes;
    return true;
}

static void fill_rect(unsigned char *base, size_t row_pitch, UINT bytes, const unsigned char *t,
                      UINT x0, UINT y0, UINT x1, UINT y1)
{
    for (UINT y = y0; y < y1; y++) {
        unsigned char *row = base + (size_t)y * row_pitch + (size_t)x0 * bytes;
        for (UINT x = x0; x < x1; x++, row += bytes)
            memcpy(row, t, bytes);
    }
}

static void STDMETHODCALLTYPE ctx_ClearView(ID3D11DeviceContext2 *iface, ID3D11View *view,
                                            const FLOAT color[4], const D3D11_RECT *rects,
                                            UINT count)
{
    struct d3d11_context *ctx = impl(iface);
    const struct d3d11_view_info *v = d3d11_rtv_info((ID3D11RenderTargetView *)view, NULL);
    const struct d3d11_uav_info *u = v ? NULL : d3d11_uav_info((ID3D11UnorderedAccessView *)view);
    const struct d3d11_resource *res;
    unsigned char texel[16];
    UINT bytes = 0;
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */

    if (iface->lpVtbl->GetType(iface) == D3D11_DEVICE_CONTEXT_DEFERRED) {
        /* context_deferred.c records only the methods it lists; this one is not among them */
        d3d11_msg(ctx->device, "ClearView: not recorded on a deferred context (not "
                               "implemented)");
        return;
    }
    if (u)
        v = &u->view;
    if (!v) {
        d3d11_msg(ctx->device, "ClearView: pView is %s (render-target and unordered-access "
                               "views are implemented; depth-stencil views are not: "
                               "ClearViewAlsoSupportsDepthOnlyFormats is FALSE)",
                  view ? "not a render-target or unordered-access view" : "NULL");
        return;
    }
    res = v->resource;
    if (res->device != ctx->device || !color || (count && !rects)) {
        d3d11_msg(ctx->device, "ClearView: the view is of another device, Color is NULL, or "
                               "pRect is NULL with NumRects %u", count);
        return;
    }
    if (!res->core) {   /* a tiled resource not lent a copy (tiled_draw.c lends one) */
        d3d11_msg(ctx->device, "ClearView: the view's tiled resource has no linear copy");
        return;
    }
    if (res->dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D) {
        d3d11_msg(ctx->device, "ClearView: \"ClearView doesn't support 3D textures\"");
        return;
    }
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER &&
        v->buffer_kind != D3D11_BUFFER_VIEW_TYPED) {
        d3d11_msg(ctx->device, "ClearView: raw and structured buffer views have no format to "
                               "clear with (not implemented)");
        return;
    }
    if (!encode(v->format, color, texel, &bytes)) {
        d3d11_msg(ctx->device, "ClearView: DXGI_FORMAT_%s cannot be encoded",
                  d3d11_format_name(v->format));
        return;
    }
    if (res->dim == D3D11_RESOURCE_DIMENSION_BUFFER) {
        /* the view's elements as one row; rectangles: top 0, bottom 1, left..right */
        unsigned char *data = res->core->data + (size_t)v->first_element * bytes;
        for (UINT r = 0; r < (count ? count : 1); r++) {
            LONG l = count ? rects[r].left : 0, rt = count ? rects[r].right : (LONG)v->element_count;
            if (count && (rects[r].top != 0 || rects[r].bottom != 1)) {
                if (rects[r].top != rects[r].bottom)
                    d3d11_msg(ctx->device, "ClearView: a buffer rectangle has top 0 and bottom "
                                           "1 (pRect[%u] has %ld, %ld)", r,
                              (long)rects[r].top, (long)rects[r].bottom);
                continue;
            }
            l = l < 0 ? 0 : l;
            rt = rt > (LONG)v->element_count ? (LONG)v->element_count : rt;
            if (l < rt)
                fill_rect(data, 0, bytes, texel, (UINT)l, 0, (UINT)rt, 1);
        }
        return;
    }
    UINT w = core_mip_size(res->width, v->first_mip), h = core_mip_size(res->height, v->first_mip);
    UINT samples = res->sample_count > 1 ? res->sample_count : 1;
    for (UINT i = 0; i < v->slice_count; i++) {
        UINT sub = v->first_mip + (v->first_slice + i) * res->mip_levels;
        const core_subresource *s = &res->core->sub[sub];
        for (UINT smp = 0; smp < samples; smp++) {
            /* multisampled: sample planes depth_pitch apart (core/resource.h) */
            unsigned char *base = core_resource_sub_data(res->core, sub) +
                                  (size_t)smp * s->depth_pitch;
            for (UINT r = 0; r < (count ? count : 1); r++) {
                LONG x0 = count ? rects[r].left : 0, y0 = count ? rects[r].top : 0;
                LONG x1 = count ? rects[r].right : (LONG)w, y1 = count ? rects[r].bottom : (LONG)h;
                x0 = x0 < 0 ? 0 : x0;
                y0 = y0 < 0 ? 0 : y0;
                x1 = x1 > (LONG)w ? (LONG)w : x1;
                y1 = y1 > (LONG)h ? (LONG)h : y1;
                if (x0 < x1 && y0 < y1)   /* empty rectangles are a no-op */
                    fill_rect(base, s->row_pitch, bytes, texel, (UINT)x0, (UINT)y0, (UINT)x1,
                              (UINT)y1);
            }
        }
    }
}

/* ---- DiscardResource / DiscardView / DiscardView1 ----------------------------------------------
 * "The content of the resource / view becomes undefined" (the methods' pages): a hint that
 * lets a tile-based GPU skip a load.  Any content is allowed afterwards, so softd3d keeps the
 * memory as it is (the cheapest undefined content) and only validates the arguments: a
 * resource of this device with D3D11_USAGE_DEFAULT or DYNAMIC ("DiscardResource ... must have
 * been created with usage D3D11_USAGE_DEFAULT or D3D11_USAGE_DYNAMIC, otherwise the runtime
 * drops the call"), a view of this device, a rectangle array when NumRects is not 0. */

static void STDMETHODCALLTYPE ctx_DiscardResource(ID3D11DeviceContext2 *iface,
                                                  ID3D11Resource *resource)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_resource *r = d3d11_resource_from_iface(resource);
    struct d3d11_tiled_ref t;
    if (d3d11_tiled_of(resource, &t) || d3d11_tiled_pool_of(resource))
        return;   /* tiled objects are USAGE_DEFAULT: nothing to do */
    if (!r || r->device != ctx->device)
        d3d11_msg(ctx->device, "DiscardResource: pResource is %s",
                  !resource ? "NULL" : !r ? "not a softd3d resource" : "of another device");
    else if (r->usage != D3D11_USAGE_DEFAULT && r->usage != D3D11_USAGE_DYNAMIC)
        d3d11_msg(ctx->device, "DiscardResource: the resource is not D3D11_USAGE_DEFAULT or "
                               "DYNAMIC (the call is dropped)");
}

static void discard_view(struct d3d11_context *ctx, const char *method, ID3D11View *view,
                         const D3D11_RECT *rects, UINT count)
{
    struct d3d11_child *c = d3d11_view_child(view);
    if (!c || c->device != ctx->device)
        d3d11_msg(ctx->device, "%s: pResourceView is %s", method,
                  !view ? "NULL" : !c ? "not a softd3d view" : "of another device");
    else if (count && !rects)
        d3d11_msg(ctx->device, "%s: pRects is NULL with NumRects %u", method, count);
}

static void STDMETHODCALLTYPE ctx_DiscardView(ID3D11DeviceContext2 *iface, ID3D11View *view)
{
    discard_view(impl(iface), "DiscardView", view, NULL, 0);
}

static void STDMETHODCALLTYPE ctx_DiscardView1(ID3D11DeviceContext2 *iface, ID3D11View *view,
                                               const D3D11_RECT *rects, UINT count)
{
    discard_view(impl(iface), "DiscardView1", view, rects, count);
}

void d3d11_clear_view_fill(ID3D11DeviceContext2Vtbl *v)
{
    v->ClearView = ctx_ClearView;
    v->DiscardResource = ctx_DiscardResource;
    v->DiscardView = ctx_DiscardView;
    v->DiscardView1 = ctx_DiscardView1;
}
