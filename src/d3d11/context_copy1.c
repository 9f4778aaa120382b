/* src/d3d11/context_copy1.c — ID3D11DeviceContext1::CopySubresourceRegion1 and
 * UpdateSubresource1 of the immediate context.
 *
 * Both are their 11.0 methods plus CopyFlags (D3D11_COPY_FLAGS): 0, D3D11_COPY_NO_OVERWRITE
 * ("the existing contents of the resource cannot be overwritten": the application promises that
 * nothing in flight reads the region) or D3D11_COPY_DISCARD ("the existing contents ... are
 * undefined and can be discarded").  Any other bit, or both together (each contradicts the
 * other), is refused with a message and nothing is copied.  softd3d finishes what it must
 * before any write anyway (the waiting draws, context_draw.c), so NO_OVERWRITE changes nothing,
 * and DISCARD keeps the other contents, a valid choice for "undefined" that keeps every run the
 * same (as Map(WRITE_DISCARD) does, context_resource.c).  Everything else -- validation,
 * predication, tiled resources -- is the 11.0 method's, called through the vtable slot the
 * context had when this file filled its own (tiled_context.c's wrappers included).
 *
 * UpdateSubresource1 adds the partial update of a constant buffer (D3D11_OPTIONS.
 * ConstantBufferPartialUpdate, reported TRUE: "the runtime emulates" it at 9_x, and new drivers
 * have it from 10_0, the UpdateSubresource1 page), which UpdateSubresource keeps refusing (its
 * 11.0 rule, "not possible to use this method to partially update a shader-constant buffer"):
 * pDstBox in bytes, left and right multiples of 16
 * (D3D11_COMMONSHADER_CONSTANT_BUFFER_PARTIAL_UPDATE_EXTENTS_BYTE_ALIGNMENT), top/front 0 and
 * bottom/back 1, inside the buffer; an empty box is a no-op; the rest of the buffer keeps its
 * bytes.  Levels: both methods work at every level the device offers (the 11.1 runtime exposes
 * ID3D11DeviceContext1 on every level; FlagsForUpdateAndCopySeenByDriver TRUE).
 */
#include "d3d11/d3d11_private.h"

#include <string.h>

#include "d3d11/d3d11_context.h"
#include "d3d11/d3d11_resource.h"
#include "util/log.h"

/* D3D11_COMMONSHADER_CONSTANT_BUFFER_PARTIAL_UPDATE_EXTENTS_BYTE_ALIGNMENT */
#define CB_PARTIAL_ALIGN 16u

static void (STDMETHODCALLTYPE *base_UpdateSubresource)(ID3D11DeviceContext2 *, ID3D11Resource *,
                                                        UINT, const D3D11_BOX *, const void *,
                                                        UINT, UINT);
static void (STDMETHODCALLTYPE *base_CopySubresourceRegion)(ID3D11DeviceContext2 *,
                                                            ID3D11Resource *, UINT, UINT, UINT,
                                                            UINT, ID3D11Resource *, UINT,
                                                            const D3D11_BOX *);

static inline struct d3d11_context *impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_context, iface);
}

/* The CopyFlags rule both methods share; false (one message) when refused. */
static bool flags_ok(struct d3d11_context *ctx, const char *method, UINT flags)
{
    if (flags & ~(UINT)(D3D11_COPY_NO_OVERWRITE | D3D11_COPY_DISCARD)) {
        d3d11_msg(ctx->device, "%s: CopyFlags 0x%x has bits other than D3D11_COPY_NO_OVERWRITE "
                  "and D3D11_COPY_DISCARD", method, flags);
        return false;
    }
    if (flags == (D3D11_COPY_NO_OVERWRITE | D3D11_COPY_DISCARD)) {
        d3d11_msg(ctx->device, "%s: CopyFlags cannot be both D3D11_COPY_NO_OVERWRITE and "
                  "D3D11_COPY_DISCARD", method);
        return false;
    }
    return true;
}

static void STDMETHODCALLTYPE ctx_CopySubresourceRegion1(ID3D11DeviceContext2 *iface,
                                                         ID3D11Resource *dst, UINT dsub, UINT dx,
                                                         UINT dy, UINT dz, ID3D11Resource *src,
                                                         UINT ssub, const D3D11_BOX *box,
                                                         UINT flags)
{
    if (!flags_ok(impl(iface), "CopySubresourceRegion1", flags))
        return;
    base_CopySubresourceRegion(iface, dst, dsub, dx, dy, dz, src, ssub, box);
}

/* A partial update of a constant buffer (UpdateSubresource1 with a box). */
static void update_cb_range(struct d3d11_context *ctx, struct d3d11_resource *res, UINT sub,
                            const D3D11_BOX *box, const void *data)
{
    static const char m[] = "UpdateSubresource1";
    struct d3d11_device *dev = ctx->device;
    if (sub)
        return d3d11_msg(dev, "%s: DstSubresource %u is past the buffer's one subresource", m,
                         sub);
    if (res->usage != D3D11_USAGE_DEFAULT)
        return d3d11_msg(dev, "%s: a partial constant-buffer update needs a DEFAULT buffer "
                         "(only DEFAULT and STAGING resources can be updated)", m);
    if (!data)
        return d3d11_msg(dev, "%s: pSrcData is NULL", m);
    if (box->left >= box->right || box->top >= box->bottom || box->front >= box->back)
        return;   /* an empty box: the documented no-op */
    if (box->right > res->width || box->bottom > 1 || box->back > 1)
        return d3d11_msg(dev, "%s: pDstBox [%u, %u) x [%u, %u) x [%u, %u) is outside the "
                         "%u-byte buffer", m, box->left, box->right, box->top, box->bottom,
                         box->front, box->back, res->width);
    if (box->left % CB_PARTIAL_ALIGN || box->right % CB_PARTIAL_ALIGN)
        return d3d11_msg(dev, "%s: pDstBox left %u and right %u of a constant buffer must be "
                         "multiples of %u bytes", m, box->left, box->right, CB_PARTIAL_ALIGN);
    if (d3d11_context_predicated(ctx))   /* SetPredication: not performed */
        return;
    d3d11_context_flush_for(ctx, res);   /* (binning across draws: context_draw.c) */
    memcpy(res->core->data + box->left, data, box->right - box->left);
}

static void STDMETHODCALLTYPE ctx_UpdateSubresource1(ID3D11DeviceContext2 *iface,
                                                     ID3D11Resource *dst, UINT sub,
                                                     const D3D11_BOX *box, const void *data,
                                                     UINT row_pitch, UINT depth_pitch,
                                                     UINT flags)
{
    struct d3d11_context *ctx = impl(iface);
    struct d3d11_resource *res = d3d11_resource_from_iface(dst);
    if (!flags_ok(ctx, "UpdateSubresource1", flags))
        return;
    if (box && res && res->device == ctx->device && res->core &&
        res->dim == D3D11_RESOURCE_DIMENSION_BUFFER &&
        (res->bind_flags & D3D11_BIND_CONSTANT_BUFFER) &&
        !(res->misc_flags & D3D11_RESOURCE_MISC_TILED)) {
        update_cb_range(ctx, res, sub, box, data);
        return;
    }
    base_UpdateSubresource(iface, dst, sub, box, data, row_pitch, depth_pitch);
}

void d3d11_context_copy1_fill_vtbl(ID3D11DeviceContext2Vtbl *v)
{
    base_UpdateSubresource = v->UpdateSubresource;
    base_CopySubresourceRegion = v->CopySubresourceRegion;
    v->UpdateSubresource1 = ctx_UpdateSubresource1;
    v->CopySubresourceRegion1 = ctx_CopySubresourceRegion1;
}
