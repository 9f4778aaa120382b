/* src/d3d9/blit.c — the device methods that write surfaces without drawing: Clear, ColorFill,
 * UpdateSurface, UpdateTexture, GetRenderTargetData and StretchRect.
 *
 * Clear (IDirect3DDevice9::Clear; "Scissor Test (Direct3D 9)"):
 *   - Count 0 with pRects NULL clears the whole viewport; Count > 0 needs pRects; a non-NULL
 *     pRects with Count 0 is D3DERR_INVALIDCALL ("May not be 0 if pRects is a valid pointer");
 *   - Flags: at least one of D3DCLEAR_TARGET, _ZBUFFER, _STENCIL and nothing else; ZBUFFER or
 *     STENCIL without a depth-stencil surface, or STENCIL on a format without stencil bits,
 *     D3DERR_INVALIDCALL; Z outside [0, 1] D3DERR_INVALIDCALL ("ranges from 0 to 1");
 *   - each rectangle is clipped to the viewport (which may reach past the target: state.c), to
 *     the scissor rect when
 *     D3DRS_SCISSORTESTENABLE is TRUE ("the scissor test also affects ... Clear"; any scissor
 *     rect is accepted and clamped here), and to each surface; a clear of depth or stencil with
 *     a depth-stencil surface smaller than the render target touches only the area both cover,
 *     the target's part included (as draws do, draw.c; issue 14's conformance suite), while a
 *     TARGET-only clear is not limited by the depth-stencil surface; TARGET clears every bound render target (MRT), ZBUFFER / STENCIL only the bits of
 *     that channel (the other keeps its value); Stencil is masked to the stencil width;
 *     D3DRS_COLORWRITEENABLE "does not affect the clear operation";
 *   - the colour is D3DCOLOR's a, r, g, b / 255 written with the texel store of the target's
 *     format (src/sample/texel.h: correctly rounded UNORM, exact float).
 * ColorFill: a render target, a render-target texture level or a D3DPOOL_DEFAULT plain surface
 *   ("can only be applied to ..."); pRect NULL is the whole surface, else a nonempty rectangle
 *   inside it; depth formats and formats without a texel store are D3DERR_INVALIDCALL.
 * UpdateSurface (reference remarks): source in D3DPOOL_SYSTEMMEM, destination in
 *   D3DPOOL_DEFAULT, different surfaces, neither locked, no multisampling, no depth format, the
 *   same format, the rectangle (NULL: the source) inside both, block-aligned for block formats;
 *   a texture destination gets the rectangle as dirty region.
 * UpdateTexture (reference remarks): source D3DPOOL_SYSTEMMEM, destination D3DPOOL_DEFAULT, the
 *   same type and format; the destination's level 0 must have the size of some source level k
 *   and the source must have levels k .. k + destination levels - 1, else D3DERR_INVALIDCALL;
 *   an AUTOGENMIPMAP source with a non-AUTOGENMIPMAP destination fails.  Only the dirty region
 *   of each face is copied (each level gets the level-0 box scaled down, rounded outwards); a
 *   face without dirty region copies nothing, and the copy clears the source's dirty regions.
 * GetRenderTargetData: the source is a render target (CreateRenderTarget, a back buffer, or a
 *   level of a render-target texture) in D3DPOOL_DEFAULT, the destination a D3DPOOL_SYSTEMMEM
 *   plain surface or texture level of the same size and format; no multisampling.
 * StretchRect (reference remarks and its Direct3D 9 driver tables):
 *   - both surfaces of this device, in D3DPOOL_DEFAULT, different surfaces;
 *   - Filter D3DTEXF_NONE, POINT or LINEAR; POINT and LINEAR need the matching MINF* (shrinking)
 *     / MAGF* (stretching) bits of StretchRectFilterCaps for each direction that changes size;
 *   - no compressed format; a different destination format only where
 *     CheckDeviceFormatConversion allows it;
 *   - the source/destination table of the page's "Driver support" section, for a Direct3D 9
 *     driver: a destination texture must be a render-target texture (from any source, with or
 *     without stretching); a render-target texture is a source for any render-target
 *     destination on every driver, while a texture that is not a render target is a source
 *     only with D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES (the remark "you must use a driver
 *     that supports D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES" is narrower than the table and
 *     than Windows, which issue 14's conformance suite follows: softd3d refused render-target
 *     textures on the 9_x profiles before); an off-screen plain source goes to render targets
 *     and render-target textures with stretching; a plain-surface destination needs a
 *     plain-surface source and no stretching;
 *   - depth-stencil surfaces: both plain depth-stencil surfaces, not discardable, the whole
 *     surface, same size and format, outside BeginScene / EndScene;
 *   - rectangles (NULL: the whole surface) nonempty and inside their surfaces.
 *   The copy maps destination texel centre (x + 0.5, y + 0.5) onto the source rectangle and
 *   samples it with src/sample/sampler.h (CLAMP to the source rectangle; NONE and POINT point
 *   sampling, LINEAR bilinear), then stores with the destination's texel store.  A copy of equal
 *   size and format moves the bytes unchanged.
 */
#include "d3d9/d3d9_resource.h"

#include <float.h>
#include <string.h>

#include "d3d9/d3d9_draw.h"
#include "d3d9/d3d9_state.h"
#include "pipeline/draw.h"
#include "pipeline/resolve.h"
#include "sample/sampler.h"
#include "sample/texel.h"
#include "util/log.h"

#define DEV(iface) d3d9_device_from_iface(iface)

struct irect {
    long long l, t, r, b;
};

static bool irect_empty(const struct irect *r)
{
    return r->l >= r->r || r->t >= r->b;
}

static void irect_clip(struct irect *r, long long l, long long t, long long rr, long long b)
{
    if (r->l < l) r->l = l;
    if (r->t < t) r->t = t;
    if (r->r > rr) r->r = rr;
    if (r->b > b) r->b = b;
}

/* Sets bits [shift, shift + bits) of a little-endian byte mask. */
static void mask_bits(uint8_t *mask, unsigned shift, unsigned bits)
{
    for (unsigned i = shift; i < shift + bits; i++)
        mask[i / 8] |= (uint8_t)(1u << (i % 8));
}

/* Writes value under mask into every texel of rect r of the surface (1x1-block formats). */
/* A rectangle of a surface: draw_fill_rows (pipeline/fill.c) on the renderer's workers. */
static void fill_rect(struct d3d9_device *dev, struct d3d9_surface *s, const struct irect *r,
                      const uint8_t *value, const uint8_t *mask, unsigned bytes)
{
    size_t pitch = d3d9_surface_pitch(s);
    uint8_t *row0 = d3d9_surface_data(s) + (size_t)r->t * pitch + (size_t)r->l * bytes;
    size_t row = (size_t)(r->r - r->l) * bytes;
    unsigned rows = (unsigned)(r->b - r->t);
    /* every sample plane of a multisampled surface (core/resource.h): Clear and ColorFill
     * write all the samples of the pixels they touch */
    UINT planes = d3d9_ms_samples(s->ms_type, s->ms_quality);
    for (UINT p = 0; p < planes; p++)
        draw_fill_rows(row * rows > DRAW_FILL_BAND_BYTES ? d3d9_draw_context(dev) : NULL,
                       row0 + (size_t)p * s->storage->sub[s->sub].depth_pitch, pitch, row, rows,
                       value, mask, bytes);
}

/* The value and mask of a texel for colour c, or depth z / stencil st.  False when the format
 * cannot be encoded texel by texel. */
static bool clear_value(core_format cfmt, const float c[4], uint8_t *value, uint8_t *mask,
                        unsigned *bytes, bool depth, bool stencil)
{
    const struct texel_format *f = texel_format_get(cfmt);
    if (!f || !f->store || f->block_w != 1 || f->block_h != 1 || f->block_bytes > 16)
        return false;
    memset(value, 0, 16);
    memset(mask, 0, 16);
    f->store(f, c, value, 0, 0);
    *bytes = f->block_bytes;
    if (!depth && !stencil) {
        memset(mask, 0xff, f->block_bytes);
        return true;
    }
    if (depth && f->ch[0].type != TEXEL_NONE)
        mask_bits(mask, f->ch[0].shift, f->ch[0].bits);
    if (stencil && f->ch[1].type != TEXEL_NONE)
        mask_bits(mask, f->ch[1].shift, f->ch[1].bits);
    return true;
}

static void d3dcolor_to_float(D3DCOLOR color, float c[4])
{
    c[0] = (float)((color >> 16) & 0xff) / 255.0f;
    c[1] = (float)((color >> 8) & 0xff) / 255.0f;
    c[2] = (float)(color & 0xff) / 255.0f;
    c[3] = (float)(color >> 24) / 255.0f;
}

static bool has_stencil(const struct d3d9_surface *s)
{
    const core_format_desc *d = core_format_get(s->cfmt);
    return d && d->stencil;
}

static HRESULT STDMETHODCALLTYPE device_Clear(IDirect3DDevice9 *iface, DWORD count,
                                              const D3DRECT *rects, DWORD flags, D3DCOLOR color,
                                              float z, DWORD stencil)
{
    const DWORD known = D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL;
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_state *st;
    struct irect area;
    HRESULT hr = D3D_OK;

    if ((count && !rects) || (!count && rects)) {
        util_msg(false, "Clear: Count %u with pRects %s (Count must be 0 exactly when pRects is "
                        "NULL)", (unsigned)count, rects ? "set" : "NULL");
        return D3DERR_INVALIDCALL;
    }
    if (!flags || (flags & ~known)) {
        util_msg(false, "Clear: Flags 0x%x (one or more of D3DCLEAR_TARGET, _ZBUFFER, _STENCIL)",
                 (unsigned)flags);
        return D3DERR_INVALIDCALL;
    }
    if ((flags & D3DCLEAR_ZBUFFER) && !(z >= 0.0f && z <= 1.0f)) {
        util_msg(false, "Clear: Z %g outside [0, 1]", (double)z);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    st = dev->state;
    if ((flags & (D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL)) && !dev->ds) {
        util_msg(false, "Clear: D3DCLEAR_ZBUFFER / D3DCLEAR_STENCIL without a depth-stencil "
                        "surface");
        hr = D3DERR_INVALIDCALL;
    } else if ((flags & D3DCLEAR_STENCIL) && !has_stencil(dev->ds)) {
        util_msg(false, "Clear: D3DCLEAR_STENCIL on a depth format without stencil");
        hr = D3DERR_INVALIDCALL;
    }
    if (FAILED(hr)) {
        d3d9_device_unlock(dev);
        return hr;
    }
    area = (struct irect){ st->viewport.X, st->viewport.Y,
                           (long long)st->viewport.X + st->viewport.Width,
                           (long long)st->viewport.Y + st->viewport.Height };
    if (st->rs[D3DRS_SCISSORTESTENABLE])
        irect_clip(&area, st->scissor.left, st->scissor.top, st->scissor.right,
                   st->scissor.bottom);
    if (flags & (D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL))
        irect_clip(&area, 0, 0, dev->ds->width, dev->ds->height);
    for (DWORD i = 0; i < (count ? count : 1); i++) {
        struct irect r = area;
        uint8_t value[16], mask[16];
        unsigned bytes;
        float c[4];
        if (count)
            irect_clip(&r, rects[i].x1, rects[i].y1, rects[i].x2, rects[i].y2);
        if (irect_empty(&r))
            continue;
        if (flags & D3DCLEAR_TARGET) {
            d3dcolor_to_float(color, c);
            for (int t = 0; t < D3D9_MAX_RTS; t++) {
                struct d3d9_surface *rt = dev->rt[t];
                struct irect rr = r;
                if (!rt)
                    continue;
                irect_clip(&rr, 0, 0, rt->width, rt->height);
                if (!irect_empty(&rr) && clear_value(rt->cfmt, c, value, mask, &bytes, false,
                                                     false))
                    fill_rect(dev, rt, &rr, value, mask, bytes);
            }
        }
        if (flags & (D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL)) {
            struct d3d9_surface *ds = dev->ds;
            const struct texel_format *f = texel_format_get(ds->cfmt);
            struct irect rr = r;
            unsigned sbits = f && f->ch[1].type != TEXEL_NONE ? f->ch[1].bits : 0;
            c[0] = z;
            c[1] = sbits ? (float)(stencil & ((1u << sbits) - 1)) : 0.0f;
            c[2] = 0.0f;
            c[3] = 1.0f;
            irect_clip(&rr, 0, 0, ds->width, ds->height);
            if (!irect_empty(&rr) &&
                clear_value(ds->cfmt, c, value, mask, &bytes, flags & D3DCLEAR_ZBUFFER,
                            flags & D3DCLEAR_STENCIL))
                fill_rect(dev, ds, &rr, value, mask, bytes);
        }
    }
    d3d9_device_unlock(dev);
    return D3D_OK;
}

/* ----------------------------------------------------------------- ColorFill */

static bool is_render_target(const struct d3d9_surface *s)
{
    return s->kind == D3D9_SURFACE_RENDERTARGET || s->kind == D3D9_SURFACE_BACKBUFFER ||
           (s->kind == D3D9_SURFACE_TEXTURE && (s->r.usage & D3DUSAGE_RENDERTARGET));
}

/* A RECT (NULL: the surface) inside w x h, nonempty. */
static HRESULT rect_in(const char *method, const char *what, const RECT *rect, UINT w, UINT h,
                       struct irect *out)
{
    if (!rect) {
        *out = (struct irect){ 0, 0, w, h };
        return D3D_OK;
    }
    *out = (struct irect){ rect->left, rect->top, rect->right, rect->bottom };
    if (out->l < 0 || out->t < 0 || irect_empty(out) || out->r > w || out->b > h) {
        util_msg(false, "%s: %s (%lld,%lld)-(%lld,%lld) is empty or outside %ux%u", method, what,
                 out->l, out->t, out->r, out->b, w, h);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_ColorFill(IDirect3DDevice9 *iface,
                                                  IDirect3DSurface9 *surface, const RECT *rect,
                                                  D3DCOLOR color)
{
    static const char method[] = "ColorFill";
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_surface *s = d3d9_surface_from_iface(surface);
    uint8_t value[16], mask[16];
    unsigned bytes;
    struct irect r;
    float c[4];
    HRESULT hr;

    if (!d3d9_surface_is_valid(s, dev)) {
        util_msg(false, "%s: pSurface is not a surface of this device", method);
        return D3DERR_INVALIDCALL;
    }
    if (!is_render_target(s) && !(s->kind == D3D9_SURFACE_PLAIN && s->r.pool == D3DPOOL_DEFAULT)) {
        util_msg(false, "%s: only render targets, render-target texture levels and "
                        "D3DPOOL_DEFAULT plain surfaces can be filled", method);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = rect_in(method, "pRect", rect, s->width, s->height, &r)))
        return hr;
    d3dcolor_to_float(color, c);
    if (d3d9_is_depth_format(s->format) ||
        !clear_value(s->cfmt, c, value, mask, &bytes, false, false)) {
        util_msg(false, "%s: the surface's format cannot be filled", method);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    fill_rect(dev, s, &r, value, mask, bytes);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

/* ------------------------------------------------------------- byte copies */

/* Copies the w x h texels at (sx, sy) of src to (dx, dy) of dst: same format, block-aligned. */
static void copy_texels(const core_resource *sres, uint32_t ssub, core_resource *dres,
                        uint32_t dsub, core_format cfmt, UINT sx, UINT sy, UINT sz, UINT dx,
                        UINT dy, UINT dz, UINT w, UINT h, UINT d)
{
    const core_format_desc *fd = core_format_get(cfmt);
    size_t row = (size_t)((w + fd->block_width - 1) / fd->block_width) * fd->block_bytes;
    UINT rows = (h + fd->block_height - 1) / fd->block_height;
    for (UINT z = 0; z < d; z++) {
        for (UINT y = 0; y < rows; y++) {
            const unsigned char *sp =
                d3d9_sub_address(sres, ssub, cfmt, sx, sy + y * fd->block_height, sz + z);
            unsigned char *dp =
                d3d9_sub_address(dres, dsub, cfmt, dx, dy + y * fd->block_height, dz + z);
            memmove(dp, sp, row);
        }
    }
}

static HRESULT check_block_alignment(const char *method, core_format cfmt, const struct irect *r,
                                     UINT w, UINT h)
{
    const core_format_desc *d = core_format_get(cfmt);
    long long bw = d->block_width, bh = d->block_height;
    if ((r->l % bw) || (r->t % bh) || ((r->r % bw) && r->r != w) || ((r->b % bh) && r->b != h)) {
        util_msg(false, "%s: the rectangle must lie on %lldx%lld block boundaries", method, bw,
                 bh);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_UpdateSurface(IDirect3DDevice9 *iface,
                                                      IDirect3DSurface9 *src_iface,
                                                      const RECT *src_rect,
                                                      IDirect3DSurface9 *dst_iface,
                                                      const POINT *dst_point)
{
    static const char method[] = "UpdateSurface";
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_surface *src = d3d9_surface_from_iface(src_iface);
    struct d3d9_surface *dst = d3d9_surface_from_iface(dst_iface);
    struct irect sr, dr;
    HRESULT hr;

    if (!d3d9_surface_is_valid(src, dev) || !d3d9_surface_is_valid(dst, dev) || src == dst) {
        util_msg(false, "%s: two different surfaces of this device are needed", method);
        return D3DERR_INVALIDCALL;
    }
    if (src->r.pool != D3DPOOL_SYSTEMMEM || dst->r.pool != D3DPOOL_DEFAULT) {
        util_msg(false, "%s: the source must be in D3DPOOL_SYSTEMMEM and the destination in "
                        "D3DPOOL_DEFAULT", method);
        return D3DERR_INVALIDCALL;
    }
    if (src->ms_type != D3DMULTISAMPLE_NONE || dst->ms_type != D3DMULTISAMPLE_NONE ||
        d3d9_is_depth_format(src->format) || src->format != dst->format) {
        util_msg(false, "%s: the formats must match and be no depth format, without "
                        "multisampling", method);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = rect_in(method, "pSourceRect", src_rect, src->width, src->height, &sr)) ||
        FAILED(hr = check_block_alignment(method, src->cfmt, &sr, src->width, src->height)))
        return hr;
    dr.l = dst_point ? dst_point->x : 0;
    dr.t = dst_point ? dst_point->y : 0;
    dr.r = dr.l + (sr.r - sr.l);
    dr.b = dr.t + (sr.b - sr.t);
    if (dr.l < 0 || dr.t < 0 || dr.r > dst->width || dr.b > dst->height) {
        util_msg(false, "%s: the rectangle does not fit the destination at (%lld,%lld)", method,
                 dr.l, dr.t);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = check_block_alignment(method, dst->cfmt, &dr, dst->width, dst->height)))
        return hr;
    d3d9_device_lock(dev);
    if (src->locked || dst->locked) {
        d3d9_device_unlock(dev);
        util_msg(false, "%s: neither surface may be locked", method);
        return D3DERR_INVALIDCALL;
    }
    copy_texels(src->storage, src->sub, dst->storage, dst->sub, src->cfmt, (UINT)sr.l,
                (UINT)sr.t, 0, (UINT)dr.l, (UINT)dr.t, 0, (UINT)(sr.r - sr.l),
                (UINT)(sr.b - sr.t), 1);
    if (dst->texture) {
        struct d3d9_box box = { (UINT)dr.l, (UINT)dr.t, (UINT)dr.r, (UINT)dr.b, 0, 1 };
        d3d9_texture_add_dirty(dst->texture, dst->face, dst->level, &box);
    }
    d3d9_device_unlock(dev);
    return D3D_OK;
}

/* ------------------------------------------------------------- UpdateTexture */

static UINT scale_down(UINT v, UINT level, bool up, UINT limit)
{
    uint64_t r = up ? (((uint64_t)v + (1ull << level) - 1) >> level) : ((uint64_t)v >> level);
    return (UINT)(r < limit ? r : limit);
}

static HRESULT STDMETHODCALLTYPE device_UpdateTexture(IDirect3DDevice9 *iface,
                                                      IDirect3DBaseTexture9 *src_iface,
                                                      IDirect3DBaseTexture9 *dst_iface)
{
    static const char method[] = "UpdateTexture";
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_texture *src = d3d9_texture_from_base(src_iface);
    struct d3d9_texture *dst = d3d9_texture_from_base(dst_iface);
    UINT k;

    if (!src || !dst || src->r.life.device != dev || dst->r.life.device != dev) {
        util_msg(false, "%s: two textures of this device are needed", method);
        return D3DERR_INVALIDCALL;
    }
    if (src->r.pool != D3DPOOL_SYSTEMMEM || dst->r.pool != D3DPOOL_DEFAULT) {
        util_msg(false, "%s: the source must be in D3DPOOL_SYSTEMMEM and the destination in "
                        "D3DPOOL_DEFAULT", method);
        return D3DERR_INVALIDCALL;
    }
    if (src->r.type != dst->r.type || src->format != dst->format) {
        util_msg(false, "%s: the textures differ in type or format", method);
        return D3DERR_INVALIDCALL;
    }
    if ((src->r.usage & D3DUSAGE_AUTOGENMIPMAP) && !(dst->r.usage & D3DUSAGE_AUTOGENMIPMAP)) {
        util_msg(false, "%s: an AUTOGENMIPMAP source needs an AUTOGENMIPMAP destination", method);
        return D3DERR_INVALIDCALL;
    }
    for (k = 0; k < src->levels; k++) {
        const core_subresource *s = &src->storage->sub[k];
        if (s->width == dst->width && s->height == dst->height && s->depth == dst->depth)
            break;
    }
    if (k == src->levels || src->levels - k < dst->levels) {
        util_msg(false, "%s: the destination's levels do not match source levels", method);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    for (UINT f = 0; f < dst->faces; f++) {
        const struct d3d9_box *b = &src->dirty_box[f];
        if (!src->dirty[f])
            continue;
        for (UINT l = 0; l < dst->levels; l++) {
            UINT sl = k + l;
            const core_subresource *s = &src->storage->sub[d3d9_texture_sub(src, sl, f)];
            const core_format_desc *fd = core_format_get(src->cfmt);
            UINT x0 = scale_down(b->left, sl, false, s->width);
            UINT y0 = scale_down(b->top, sl, false, s->height);
            UINT z0 = scale_down(b->front, sl, false, s->depth);
            UINT x1 = scale_down(b->right, sl, true, s->width);
            UINT y1 = scale_down(b->bottom, sl, true, s->height);
            UINT z1 = scale_down(b->back, sl, true, s->depth);
            /* Round outwards to whole blocks. */
            x0 -= x0 % fd->block_width;
            y0 -= y0 % fd->block_height;
            if (x1 % fd->block_width)
                x1 = x1 - x1 % fd->block_width + fd->block_width;
            if (y1 % fd->block_height)
                y1 = y1 - y1 % fd->block_height + fd->block_height;
            if (x1 > s->width)
                x1 = s->width;
            if (y1 > s->height)
                y1 = s->height;
            if (x0 >= x1 || y0 >= y1 || z0 >= z1)
                continue;
            copy_texels(src->storage, d3d9_texture_sub(src, sl, f), dst->storage,
                        d3d9_texture_sub(dst, l, f), src->cfmt, x0, y0, z0, x0, y0, z0, x1 - x0,
                        y1 - y0, z1 - z0);
        }
        src->dirty[f] = false;
    }
    d3d9_device_unlock(dev);
    return D3D_OK;
}

/* ------------------------------------------------------- GetRenderTargetData */

static HRESULT STDMETHODCALLTYPE device_GetRenderTargetData(IDirect3DDevice9 *iface,
                                                            IDirect3DSurface9 *rt_iface,
                                                            IDirect3DSurface9 *dst_iface)
{
    static const char method[] = "GetRenderTargetData";
    struct d3d9_device *dev = DEV(iface);
    struct d3d9_surface *rt = d3d9_surface_from_iface(rt_iface);
    struct d3d9_surface *dst = d3d9_surface_from_iface(dst_iface);

    if (!d3d9_surface_is_valid(rt, dev) || !d3d9_surface_is_valid(dst, dev) || rt == dst) {
        util_msg(false, "%s: two different surfaces of this device are needed", method);
        return D3DERR_INVALIDCALL;
    }
    if (!is_render_target(rt) || rt->r.pool != D3DPOOL_DEFAULT) {
        util_msg(false, "%s: the source must be a D3DPOOL_DEFAULT render target", method);
        return D3DERR_INVALIDCALL;
    }
    if (dst->r.pool != D3DPOOL_SYSTEMMEM ||
        (dst->kind != D3D9_SURFACE_PLAIN && dst->kind != D3D9_SURFACE_TEXTURE)) {
        util_msg(false, "%s: the destination must be a D3DPOOL_SYSTEMMEM plain surface or "
                        "texture level", method);
        return D3DERR_INVALIDCALL;
    }
    if (rt->ms_type != D3DMULTISAMPLE_NONE || rt->width != dst->width ||
        rt->height != dst->height || rt->format != dst->format) {
        util_msg(false, "%s: the surfaces differ in size or format (or the source is "
                        "multisampled)", method);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    copy_texels(rt->storage, rt->sub, dst->storage, dst->sub, rt->cfmt, 0, 0, 0, 0, 0, 0,
                rt->width, rt->height, 1);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

/* ---------------------------------------------------------------- StretchRect */

/* Samples rectangle sr of src at the centres of rectangle dr's texels and stores into dst.
 * A source of 2x1 blocks (YUY2, UYVY: the YUV-to-RGB conversion StretchRect does) is viewed
 * from the block holding sr's first texel; ox texels of that block lie left of sr, and the
 * sample coordinates skip them. */
static void stretch(struct d3d9_surface *src, const struct irect *sr, struct d3d9_surface *dst,
                    const struct irect *dr, bool linear)
{
    const struct texel_format *out = texel_format_get(dst->cfmt);
    const core_format_desc *sd = core_format_get(src->cfmt);
    struct sampler_state ss = { 0 };
    struct texture_view view = { 0 };
    struct sample_coords coords;
    struct float4_soa res;
    struct sampler smp;
    long long dw = dr->r - dr->l, dh = dr->b - dr->t;
    long long sw = sr->r - sr->l, ox = sr->l % sd->block_width;
    size_t dpitch = d3d9_surface_pitch(dst);

    ss.min_filter = ss.mag_filter = linear ? SAMPLER_FILTER_LINEAR : SAMPLER_FILTER_POINT;
    ss.mip_filter = SAMPLER_MIP_NONE;
    ss.max_anisotropy = 1;
    ss.address_u = ss.address_v = ss.address_w = SAMPLER_ADDRESS_CLAMP;
    ss.max_lod = FLT_MAX;
    ss.compare = SAMPLER_COMPARE_NEVER;
    ss.reduction = SAMPLER_REDUCTION_STANDARD;
    view.format = src->cfmt;
    view.dim = TEXTURE_DIM_2D;
    view.levels = 1;
    view.d3d9_defaults = true;
    view.level[0].data = d3d9_surface_data(src) + (size_t)sr->t * d3d9_surface_pitch(src) +
                         (size_t)(sr->l / sd->block_width) * sd->block_bytes;
    view.level[0].row_pitch = d3d9_surface_pitch(src);
    view.level[0].width = (uint32_t)(sw + ox);
    view.level[0].height = (uint32_t)(sr->b - sr->t);
    view.level[0].depth = 1;
    if (!out || !out->store || !sampler_init(&smp, &ss) || !texture_view_init(&view))
        return;   /* the caller checked the formats */
    memset(&coords, 0, sizeof(coords));
    coords.lod_mode = SAMPLE_LOD_ZERO;
    for (long long y = 0; y < dh; y++) {
        uint8_t *row = d3d9_surface_data(dst) + (size_t)(dr->t + y) * dpitch;
        for (long long x0 = 0; x0 < dw; x0 += SAMPLER_LANES) {
            int n = (int)(dw - x0 < SAMPLER_LANES ? dw - x0 : SAMPLER_LANES);
            for (int i = 0; i < n; i++) {
                coords.u[i] = ox ? (float)(((double)ox + ((double)(x0 + i) + 0.5) *
                                                (double)sw / (double)dw) / (double)(sw + ox))
                                 : (float)(((double)(x0 + i) + 0.5) / (double)dw);
                coords.v[i] = (float)(((double)y + 0.5) / (double)dh);
            }
            coords.mask = (n == 32 ? ~0u : (1u << n) - 1);
            sampler_sample(&smp, &view, &coords, n, &res);
            for (int i = 0; i < n; i++) {
                float c[4] = { res.c[0][i], res.c[1][i], res.c[2][i], res.c[3][i] };
                out->store(out, c, row + (size_t)(dr->l + x0 + i) * out->block_bytes, 0, 0);
            }
        }
    }
}

/* StretchRect from a multisampled source: the average of each pixel's samples (the resolve,
 * pipeline/resolve.h), rectangle sr of src to the same-size dr of dst. */
static HRESULT resolve_rect(struct d3d9_device *dev, const char *method,
                            const struct d3d9_surface *src, const struct irect *sr,
                            struct d3d9_surface *dst, const struct irect *dr)
{
    size_t bytes = core_format_get(src->cfmt)->block_bytes;
    struct resolve_surface rs = { d3d9_surface_data(src) + (size_t)sr->t * d3d9_surface_pitch(src) +
                                      (size_t)sr->l * bytes,
                                  d3d9_surface_pitch(src), src->storage->sub[src->sub].depth_pitch,
                                  d3d9_ms_samples(src->ms_type, src->ms_quality) };
    struct resolve_surface rd = { d3d9_surface_data(dst) + (size_t)dr->t * d3d9_surface_pitch(dst) +
                                      (size_t)dr->l * bytes,
                                  d3d9_surface_pitch(dst), 0, 1 };
    if (!resolve_format_ok(src->cfmt)) {
        util_msg(false, "%s: this format cannot be resolved", method);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    resolve_average(src->cfmt, &rs, &rd, (uint32_t)(dr->r - dr->l), (uint32_t)(dr->b - dr->t));
    if (dst->texture) {
        struct d3d9_box box = { (UINT)dr->l, (UINT)dr->t, (UINT)dr->r, (UINT)dr->b, 0, 1 };
        d3d9_texture_add_dirty(dst->texture, dst->face, dst->level, &box);
    }
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_StretchRect(IDirect3DDevice9 *iface,
                                                    IDirect3DSurface9 *src_iface,
                                                    const RECT *src_rect,
                                                    IDirect3DSurface9 *dst_iface,
                                                    const RECT *dst_rect,
                                                    D3DTEXTUREFILTERTYPE filter)
{
    static const char method[] = "StretchRect";
    struct d3d9_device *dev = DEV(iface);
    const D3DCAPS9 *caps = &dev->profile->caps;
    struct d3d9_surface *src = d3d9_surface_from_iface(src_iface);
    struct d3d9_surface *dst = d3d9_surface_from_iface(dst_iface);
    const core_format_desc *sd, *dd;
    bool same_size, depth;
    struct irect sr, dr;
    HRESULT hr;

    if (!d3d9_surface_is_valid(src, dev) || !d3d9_surface_is_valid(dst, dev)) {
        util_msg(false, "%s: both surfaces must be surfaces of this device", method);
        return D3DERR_INVALIDCALL;
    }
    if (src == dst) {
        util_msg(false, "%s: stretching within one surface is not supported", method);
        return D3DERR_INVALIDCALL;
    }
    if (src->format == D3D9_FMT_NULL || dst->format == D3D9_FMT_NULL) {
        util_msg(false, "%s: a NULL render target has no texels to copy", method);
        return D3DERR_INVALIDCALL;
    }
    if (src->r.pool != D3DPOOL_DEFAULT || dst->r.pool != D3DPOOL_DEFAULT) {
        util_msg(false, "%s: both surfaces must be in D3DPOOL_DEFAULT", method);
        return D3DERR_INVALIDCALL;
    }
    if (filter != D3DTEXF_NONE && filter != D3DTEXF_POINT && filter != D3DTEXF_LINEAR) {
        util_msg(false, "%s: Filter %u (D3DTEXF_NONE, POINT or LINEAR)", method,
                 (unsigned)filter);
        return D3DERR_INVALIDCALL;
    }
    sd = core_format_get(src->cfmt);
    dd = core_format_get(dst->cfmt);
    if (sd->compressed || dd->compressed) {
        util_msg(false, "%s: no stretching between compressed surfaces", method);
        return D3DERR_INVALIDCALL;
    }
    if (FAILED(hr = rect_in(method, "pSourceRect", src_rect, src->width, src->height, &sr)) ||
        FAILED(hr = rect_in(method, "pDestRect", dst_rect, dst->width, dst->height, &dr)))
        return hr;
    same_size = sr.r - sr.l == dr.r - dr.l && sr.b - sr.t == dr.b - dr.t;
    depth = d3d9_is_depth_format(src->format) || d3d9_is_depth_format(dst->format);
    if (dst->ms_type != D3DMULTISAMPLE_NONE && !depth) {
        util_msg(false, "%s: the destination cannot be multisampled (StretchRect resolves "
                        "multisampled sources into single-sample surfaces)", method);
        return D3DERR_INVALIDCALL;
    }
    if (src->ms_type != D3DMULTISAMPLE_NONE && !depth) {
        if (dst->kind == D3D9_SURFACE_PLAIN) {
            util_msg(false, "%s: a plain-surface destination takes a plain-surface source",
                     method);
            return D3DERR_INVALIDCALL;
        }
        if (!same_size || src->format != dst->format) {
            util_msg(false, "%s: a resolve with stretching or format conversion is not "
                            "implemented (same size and format only)", method);
            return E_NOTIMPL;
        }
        return resolve_rect(dev, method, src, &sr, dst, &dr);
    }

    if (depth) {
        if (src->kind != D3D9_SURFACE_DEPTHSTENCIL || dst->kind != D3D9_SURFACE_DEPTHSTENCIL ||
            src->discard || dst->discard || src_rect || dst_rect || src->width != dst->width ||
            src->ms_type != dst->ms_type || src->ms_quality != dst->ms_quality ||
            src->height != dst->height || src->format != dst->format) {
            util_msg(false, "%s: depth-stencil copies need two non-discardable plain "
                            "depth-stencil surfaces of one size and format, whole", method);
            return D3DERR_INVALIDCALL;
        }
        d3d9_device_lock(dev);
        if (dev->in_scene) {
            d3d9_device_unlock(dev);
            util_msg(false, "%s: depth-stencil copies cannot be made inside a scene", method);
            return D3DERR_INVALIDCALL;
        }
        /* (multisampled: the sample planes follow each other, height rows apart) */
        copy_texels(src->storage, src->sub, dst->storage, dst->sub, src->cfmt, 0, 0, 0, 0, 0, 0,
                    src->width, src->height * d3d9_ms_samples(src->ms_type, src->ms_quality), 1);
        d3d9_device_unlock(dev);
        return D3D_OK;
    }
    if (src->kind == D3D9_SURFACE_TEXTURE && !(src->r.usage & D3DUSAGE_RENDERTARGET) &&
        !(caps->DevCaps2 & D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES)) {
        util_msg(false, "%s: a source texture that is not a render target needs "
                        "D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES, which profile %s does not "
                        "have", method, dev->profile->name);
        return D3DERR_INVALIDCALL;
    }
    if (dst->kind == D3D9_SURFACE_TEXTURE && !(dst->r.usage & D3DUSAGE_RENDERTARGET)) {
        util_msg(false, "%s: a texture destination must be a render-target texture", method);
        return D3DERR_INVALIDCALL;
    }
    if (dst->kind == D3D9_SURFACE_PLAIN && (src->kind != D3D9_SURFACE_PLAIN || !same_size)) {
        util_msg(false, "%s: a plain-surface destination takes a plain-surface source, without "
                        "stretching", method);
        return D3DERR_INVALIDCALL;
    }
    if (src->format != dst->format &&
        FAILED(d3d9_check_format_conversion(dev->profile, src->format, dst->format))) {
        util_msg(false, "%s: no conversion between these formats (CheckDeviceFormatConversion)",
                 method);
        return D3DERR_INVALIDCALL;
    }
    if (filter != D3DTEXF_NONE) {
        DWORD need = 0;
        bool lin = filter == D3DTEXF_LINEAR;
        long long sw = sr.r - sr.l, sh = sr.b - sr.t, dw = dr.r - dr.l, dh = dr.b - dr.t;
        if (dw < sw || dh < sh)
            need |= lin ? D3DPTFILTERCAPS_MINFLINEAR : D3DPTFILTERCAPS_MINFPOINT;
        if (dw > sw || dh > sh)
            need |= lin ? D3DPTFILTERCAPS_MAGFLINEAR : D3DPTFILTERCAPS_MAGFPOINT;
        if ((caps->StretchRectFilterCaps & need) != need) {
            util_msg(false, "%s: filter %u is not in the profile's StretchRectFilterCaps",
                     method, (unsigned)filter);
            return D3DERR_INVALIDCALL;
        }
    }
    if (!texel_format_get(src->cfmt) || !texel_format_get(dst->cfmt) ||
        !texel_format_get(dst->cfmt)->store || sd->block_height != 1 || dd->block_width != 1) {
        util_msg(false, "%s: softd3d cannot convert these formats", method);
        return D3DERR_INVALIDCALL;
    }
    /* A copy of YUV blocks moves whole 2x1 blocks. */
    if (same_size && src->format == dst->format && sd->block_width > 1 &&
        (FAILED(hr = check_block_alignment(method, src->cfmt, &sr, src->width, src->height)) ||
         FAILED(hr = check_block_alignment(method, dst->cfmt, &dr, dst->width, dst->height))))
        return hr;
    d3d9_device_lock(dev);
    if (same_size && src->format == dst->format)
        copy_texels(src->storage, src->sub, dst->storage, dst->sub, src->cfmt, (UINT)sr.l,
                    (UINT)sr.t, 0, (UINT)dr.l, (UINT)dr.t, 0, (UINT)(sr.r - sr.l),
                    (UINT)(sr.b - sr.t), 1);
    else
        stretch(src, &sr, dst, &dr, filter == D3DTEXF_LINEAR);
    d3d9_device_unlock(dev);
    return D3D_OK;
}

void d3d9_blit_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->Clear = device_Clear;
    v->ColorFill = device_ColorFill;
    v->UpdateSurface = device_UpdateSurface;
    v->UpdateTexture = device_UpdateTexture;
    v->GetRenderTargetData = device_GetRenderTargetData;
    v->StretchRect = device_StretchRect;
}
