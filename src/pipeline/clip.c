/* src/pipeline/clip.c — primitive assembly, clipping, perspective divide, viewport transform.
 *
 * Section numbers are the D3D11.3 functional specification's ("the spec").
 *
 * ASSEMBLY (8.10 topologies, 8.12 cuts, 8.13 partial primitives, 8.14 leading vertex).
 *   point list      p0 | p1 | ...
 *   line list       (p0 p1) | (p2 p3) | ...
 *   line strip      (p0 p1) (p1 p2) (p2 p3) ...
 *   triangle list   (p0 p1 p2) | (p3 p4 p5) | ...
 *   triangle strip  (p0 p1 p2) (p1 p3 p2) (p2 p3 p4) (p3 p5 p4) ...
 * Odd strip triangles swap their last two vertices, so every triangle of a strip has the
 * winding of the first (the 8.10 diagram), and the first vertex of each primitive stays the
 * strip's i-th vertex: that is its leading vertex, which supplies the attributes declared
 * constant (nointerpolation) for the whole primitive, bits untouched (16.4).  A cut (an index
 * of all ones with strip_cut set) ends the primitive being built and starts a new one, in any
 * topology (8.12); primitives left incomplete by a cut or by the end of the draw are dropped.
 *
 * CLIPPING (15.4).  The clip volume is  0 < w,  -w <= x, y <= w,  0 <= z <= w  (DepthClipEnable
 * is always TRUE at 9_x, seed 004 CreateRasterizerState; FALSE at 10_0+ drops the two z planes:
 * draw_desc.depth_clip_off, the depth then clamped to the viewport range in pixel.c).  x and y are clipped only against the
 * guard band — the planes where the render-target coordinate reaches +-G (draw.c derives
 * gx_lo... from the viewport) — because the scissor test (15.7) removes everything else pixel
 * by pixel; the rasterizer's fixed-point range then always holds (raster.h).  With
 *   d_W = w - W_MIN,  d_N = z,  d_F = w - z,  d_L = x - gx_lo w,  d_R = gx_hi w - x,
 *   d_B = y - gy_lo w,  d_T = gy_hi w - y,
 * a vertex is inside a plane when d >= 0 (a NaN distance is outside).  A primitive whose
 * vertices are all inside every plane — almost all of them — passes untouched; one with all
 * vertices outside one plane is dropped; the rest are clipped plane by plane (Sutherland-
 * Hodgman), only against the planes some vertex violates.  Clipping an edge from an inside
 * vertex A to an outside vertex B (always in that direction, so that two triangles sharing the
 * edge compute bit-identical vertices) gives
 *   t = d(A) / (d(A) - d(B))   in [0, 1],   V = A + t (B - A)
 * for the position and every attribute: attributes are linear in clip space, which is what the
 * perspective-correct interpolation after the divide expects.  A noperspective attribute must
 * instead be linear on screen: with X(t) = x(t) / w(t),
 *   X(t) - X(A) = t (xB wA - xA wB) / (w(t) wA)   and   X(B) - X(A) = (xB wA - xA wB) / (wA wB)
 * so the screen parameter is  s = t wB / w(t),  used for those attributes.  The new vertex is
 * then put exactly on the plane (z = 0, z = w, x = gx_lo w ...), so rounding cannot leave it
 * outside, and w > 0 always holds after clipping.  The polygon left (at most 3 + 7 vertices) is
 * drawn as a fan from its first vertex, which keeps the winding.  Positions with a NaN or an
 * infinity are dropped (15.4: NaN is discarded; infinities "may or may not" be).
 *
 * DIVIDE AND VIEWPORT (15.5, 15.6), in float32:
 *   X = x / w,  Y = y / w,  Z = z / w
 *   Xrt = (X + 1) * Width * 0.5 + TopLeftX,  Yrt = (1 - Y) * Height * 0.5 + TopLeftY
 *   Zrt = MinDepth + Z * (MaxDepth - MinDepth)
 * and 1/w for the rasterizer's perspective-correct weights.  The clamp of z to
 * [MinDepth, MaxDepth] happens in the output merger (pixel.c).
 *
 * WIREFRAME (15.13): the clipped polygon is culled here by its signed area on screen (D > 0:
 * clockwise; zero area is back-facing, 15.11) and its edges go to the rasterizer as lines that
 * carry the polygon's facing.
 */
#include "pipeline/draw_priv.h"

#include <math.h>

#include "pipeline/raster.h"

enum { PLANE_W, PLANE_NEAR, PLANE_FAR, PLANE_LEFT, PLANE_RIGHT, PLANE_BOTTOM, PLANE_TOP,
       PLANE_USER0 };

/* The w > 0 plane, as w >= W_MIN: the smallest w a clipped vertex may have (1/w stays finite
 * and far from overflow in the rasterizer's weight arithmetic). */
#define W_MIN 1e-20f

static void position(const struct draw_run *r, uint32_t slot, float p[4])
{
    const uint32_t *rec = &r->pool[(size_t)slot * r->stride];
    for (int c = 0; c < 4; c++)
        p[c] = draw_f(rec[c]);
}

static float distance(const struct draw_run *r, unsigned plane, const float p[4])
{
    if (plane >= PLANE_USER0) {   /* user clip plane: dot(plane, position), in a fixed order */
        const float *u = r->user_clip[plane - PLANE_USER0];
        return ((u[0] * p[0] + u[1] * p[1]) + u[2] * p[2]) + u[3] * p[3];
    }
    switch (plane) {
    case PLANE_W: return p[3] - W_MIN;
    case PLANE_NEAR: return p[2];
    case PLANE_FAR: return p[3] - p[2];
    case PLANE_LEFT: return p[0] - r->gx_lo * p[3];
    case PLANE_RIGHT: return r->gx_hi * p[3] - p[0];
    case PLANE_BOTTOM: return p[1] - r->gy_lo * p[3];
    default: return r->gy_hi * p[3] - p[1];
    }
}

static unsigned outcode(const struct draw_run *r, const float p[4])
{
    /* the seven fixed planes without the switch (distance()'s expressions, in its order: every
     * vertex of every primitive comes here), then any user planes */
    unsigned code = (unsigned)!(p[3] - W_MIN >= 0.0f) << PLANE_W |
                    (unsigned)!(p[2] >= 0.0f) << PLANE_NEAR |
                    (unsigned)!(p[3] - p[2] >= 0.0f) << PLANE_FAR |
                    (unsigned)!(p[0] - r->gx_lo * p[3] >= 0.0f) << PLANE_LEFT |
                    (unsigned)!(r->gx_hi * p[3] - p[0] >= 0.0f) << PLANE_RIGHT |
                    (unsigned)!(p[1] - r->gy_lo * p[3] >= 0.0f) << PLANE_BOTTOM |
                    (unsigned)!(r->gy_hi * p[3] - p[1] >= 0.0f) << PLANE_TOP;
    for (unsigned k = PLANE_USER0; k < r->nplanes; k++)
        if (!(distance(r, k, p) >= 0.0f))
            code |= 1u << k;
    /* DepthClipEnable FALSE: the near and far planes do not clip (15.4); w > 0 and x, y do */
    if (r->d->depth_clip_off)
        code &= ~(1u << PLANE_NEAR | 1u << PLANE_FAR);
    return code;
}
_Static_assert(PLANE_TOP == 6 && PLANE_USER0 == 7, "outcode's fixed planes");

static bool finite4(const float p[4])
{
    return isfinite(p[0]) && isfinite(p[1]) && isfinite(p[2]) && isfinite(p[3]);
}

/* Puts a new vertex exactly on the plane it was clipped against. */
static void snap_to_plane(const struct draw_run *r, unsigned plane, float p[4])
{
    if (plane >= PLANE_USER0)
        return;                     /* a general plane: the interpolated point is kept as is */
    switch (plane) {
    case PLANE_W: p[3] = W_MIN; break;
    case PLANE_NEAR: p[2] = 0.0f; break;
    case PLANE_FAR: p[2] = p[3]; break;
    case PLANE_LEFT: p[0] = r->gx_lo * p[3]; break;
    case PLANE_RIGHT: p[0] = r->gx_hi * p[3]; break;
    case PLANE_BOTTOM: p[1] = r->gy_lo * p[3]; break;
    default: p[1] = r->gy_hi * p[3]; break;
    }
}

/* A new pool record at parameter t from record a towards record b (see the top comment). */
static uint32_t lerp_vertex(struct draw_run *r, uint32_t a, uint32_t b, float t, unsigned plane)
{
    uint32_t slot = (uint32_t)r->pool_count++;
    const uint32_t *ra = &r->pool[(size_t)a * r->stride], *rb = &r->pool[(size_t)b * r->stride];
    uint32_t *rn = &r->pool[(size_t)slot * r->stride];
    float p[4];
    for (int c = 0; c < 4; c++) {
        float va = draw_f(ra[c]);
        p[c] = va + t * (draw_f(rb[c]) - va);
    }
    /* s = t wB / w(t): the screen-space parameter of noperspective attributes */
    float s = t;
    float wb = draw_f(rb[3]);
    if (p[3] > 0.0f && isfinite(p[3])) {
        float q = t * wb / p[3];
        s = q >= 0.0f && q <= 1.0f ? q : (q > 1.0f ? 1.0f : 0.0f);
    }
    const struct draw_linkage *link = r->d->link;
    for (uint32_t k = 0; k < link->attr_count; k++) {
        float u = link->attr_noperspective[k] ? s : t;
        for (int c = 0; c < 4; c++) {
            size_t i = 4 + 4 * (size_t)k + (size_t)c;
            float va = draw_f(ra[i]);
            rn[i] = draw_u(va + u * (draw_f(rb[i]) - va));
        }
    }
    snap_to_plane(r, plane, p);
    for (int c = 0; c < 4; c++)
        rn[c] = draw_u(p[c]);
    return slot;
}

/* ---- handing primitives to the rasterizer --------------------------------------------------- */

void draw_submit_pending(struct draw_run *r)
{
    r->stats.c_primitives += r->ntris + r->nlines + r->npoints;
    if (r->ntris)
        raster_scene_triangles(r->scene, r->tris, r->ntris);
    if (r->nlines)
        raster_scene_lines(r->scene, r->lines, r->nlines);
    if (r->npoints)
        raster_scene_points(r->scene, r->points, r->npoints);
    r->ntris = r->nlines = r->npoints = 0;
}

/* 15.5 and 15.6 (top comment). */
static struct raster_vertex screen_compute(const struct draw_run *r, uint32_t slot)
{
    float p[4];
    struct raster_vertex v;
    position(r, slot, p);
    float X = p[0] / p[3], Y = p[1] / p[3], Z = p[2] / p[3];
    v.x = (X + 1.0f) * r->vw * 0.5f + r->vx;
    v.y = (1.0f - Y) * r->vh * 0.5f + r->vy;
    v.z = r->zmin + Z * r->zrange;
    v.inv_w = 1.0f / p[3];
    return v;
}

static struct raster_vertex screen(const struct draw_run *r, uint32_t slot)
{
    size_t k = (size_t)slot - r->win_base;
    return k < r->win_count ? r->win_scr[k] : screen_compute(r, slot);
}

/* A vertex's outcode, or DRAW_CODE_NONFINITE for a position with a NaN or an infinity. */
#define DRAW_CODE_NONFINITE 0x80000000u
_Static_assert(DRAW_CLIP_PLANES < 31, "outcodes leave the top bit free");

static uint32_t code_compute(const struct draw_run *r, uint32_t slot)
{
    float p[4];
    position(r, slot, p);
    return finite4(p) ? outcode(r, p) : DRAW_CODE_NONFINITE;
}

static uint32_t vertex_code(const struct draw_run *r, uint32_t slot)
{
    size_t k = (size_t)slot - r->win_base;
    return k < r->win_count ? r->win_code[k] : code_compute(r, slot);
}

void draw_clip_prepare(struct draw_run *r, size_t base, uint32_t count)
{
    r->win_base = base;
    r->win_count = 0;
    for (uint32_t k = 0; k < count; k++) {
        r->win_code[k] = code_compute(r, (uint32_t)(base + k));
        r->win_scr[k] = screen_compute(r, (uint32_t)(base + k));
    }
    r->win_count = count;
}

static uint32_t new_prim(struct draw_run *r, uint32_t a, uint32_t b, uint32_t c, uint32_t lead,
                         uint32_t flags)
{
    uint32_t id = (uint32_t)r->prim_count++;
    if (r->sh->uniform_ok && draw_prim_uniform(r->sh, a, b, c))
        flags |= DRAW_PRIM_UNIFORM;
    r->prims[id] = (struct draw_prim){ { a, b, c }, lead, flags };
    return id;
}

static void out_triangle(struct draw_run *r, uint32_t a, uint32_t b, uint32_t c, uint32_t lead)
{
    struct raster_triangle *t = &r->tris[r->ntris++];
    t->id = new_prim(r, a, b, c, lead, 0);
    t->v[0] = screen(r, a);
    t->v[1] = screen(r, b);
    t->v[2] = screen(r, c);
    if (r->ntris == DRAW_RASTER_BATCH)
        draw_submit_pending(r);
}

/* A quadrilateral line (D3D11.3 functional spec 3.4.5; D3D10+ MultisampleEnable TRUE,
 * draw_desc.quad_lines): the rectangle of width 1.4 (D3D11_MULTISAMPLE_ANTIALIAS_LINE_WIDTH)
 * whose short sides are centred on the end points, as two triangles, "the attributes at each
 * end of the line duplicated for the 2 vertices at each end": the corners reuse the end
 * points' records (interpolation along the line, constant across it) and take their screen
 * depth and 1/w.  A line of no length draws nothing.  Never culled (draw.c). */
static void out_quad_line(struct draw_run *r, uint32_t a, uint32_t b, uint32_t lead,
                          uint32_t flags)
{
    struct raster_vertex va = screen(r, a), vb = screen(r, b);
    float dx = vb.x - va.x, dy = vb.y - va.y, len = sqrtf(dx * dx + dy * dy);
    if (!(len > 0.0f) || !isfinite(len))
        return;
    float nx = -dy / len * 0.7f, ny = dx / len * 0.7f;   /* half the width, perpendicular */
    struct raster_vertex v[4] = { va, vb, va, vb };
    const uint32_t rec[4] = { a, b, a, b };
    for (int i = 0; i < 4; i++) {
        float side = i < 2 ? 1.0f : -1.0f;
        v[i].x += side * nx;
        v[i].y += side * ny;
    }
    static const int tri[2][3] = { { 0, 1, 2 }, { 2, 1, 3 } };
    for (int t = 0; t < 2; t++) {
        struct raster_triangle *rt = &r->tris[r->ntris++];
        const int *q = tri[t];
        rt->id = new_prim(r, rec[q[0]], rec[q[1]], rec[q[2]], lead, flags);
        for (int i = 0; i < 3; i++)
            rt->v[i] = v[q[i]];
        if (r->ntris == DRAW_RASTER_BATCH)
            draw_submit_pending(r);
    }
}

static void out_line(struct draw_run *r, uint32_t a, uint32_t b, uint32_t lead, uint32_t flags)
{
    if (r->d->quad_lines) {
        out_quad_line(r, a, b, lead, flags);
        return;
    }
    struct raster_line *l = &r->lines[r->nlines++];
    l->id = new_prim(r, a, b, a, lead, flags);
    l->v[0] = screen(r, a);
    l->v[1] = screen(r, b);
    if (r->nlines == DRAW_RASTER_BATCH)
        draw_submit_pending(r);
}

static void out_point(struct draw_run *r, uint32_t a)
{
    struct raster_point *p = &r->points[r->npoints++];
    p->id = new_prim(r, a, a, a, a, 0);
    p->v = screen(r, a);
    if (r->npoints == DRAW_RASTER_BATCH)
        draw_submit_pending(r);
}

/* A (clipped) polygon: a fan of triangles, or in wireframe its culled outline. */
static void out_polygon(struct draw_run *r, const uint32_t *poly, unsigned n, uint32_t lead)
{
    if (r->d->fill != DRAW_FILL_WIREFRAME) {
        for (unsigned i = 1; i + 1 < n; i++)
            out_triangle(r, poly[0], poly[i], poly[i + 1], lead);
        return;
    }
    /* Twice the signed area, y down: D > 0 is clockwise on screen (setup.c's convention). */
    struct raster_vertex s[DRAW_CLIP_MAX_VERTS];
    double area = 0.0;
    for (unsigned i = 0; i < n; i++)
        s[i] = screen(r, poly[i]);
    for (unsigned i = 0; i < n; i++) {
        const struct raster_vertex *p = &s[i], *q = &s[(i + 1) % n];
        area += (double)p->x * q->y - (double)q->x * p->y;
    }
    if (!(area == area))
        return;
    bool front = r->d->front_ccw ? area < 0.0 : area > 0.0;
    if ((r->d->cull == RASTER_CULL_BACK && !front) || (r->d->cull == RASTER_CULL_FRONT && front))
        return;
    uint32_t flags = DRAW_PRIM_FACE_SET | (front ? DRAW_PRIM_FRONT : 0);
    for (unsigned i = 0; i < n; i++)
        out_line(r, poly[i], poly[(i + 1) % n], lead, flags);
}

/* ---- cylindrical wrapping (D3D9 D3DRS_WRAPn, draw.h attr_wrap) ----------------------------------
 * "Texture Wrapping (Direct3D 9)": with wrapping on in a direction, the coordinate is
 * interpolated as on a cylinder where 0 and 1 coincide, along the shortest path.  Each wrapped
 * component of vertex v is moved by the whole number s = floor(d + 1/2), d = v - lead, so that
 * |v - lead| <= 1/2 (a difference of exactly 1/2 goes the negative way); a vertex that needs
 * no move is used as it is, one that does is copied into a new pool record (vertices are
 * shared between primitives).  Done before clipping, so that clipped vertices interpolate the
 * wrapped values.  The documentation leaves coordinates outside [0, 1] undefined with wrapping
 * ("Texture Addressing Modes"); this rule needs none. */
static uint32_t wrap_vertex(struct draw_run *r, uint32_t lead, uint32_t v)
{
    const struct draw_linkage *link = r->d->link;
    const uint32_t *rl = &r->pool[(size_t)lead * r->stride];
    const uint32_t *rv = &r->pool[(size_t)v * r->stride];
    uint32_t *rn = NULL;
    for (uint32_t k = 0; k < link->attr_count; k++) {
        for (int c = 0; c < 4; c++) {
            if (!(link->attr_wrap[k] & (1u << c)))
                continue;
            size_t i = 4 + 4 * (size_t)k + (size_t)c;
            float x = draw_f(rv[i]), s = floorf(x - draw_f(rl[i]) + 0.5f);
            if (!(s != 0.0f) || !isfinite(s))
                continue;   /* close enough, or NaN/Inf: kept as it is */
            if (!rn) {
                uint32_t slot = (uint32_t)r->pool_count++;
                rn = &r->pool[(size_t)slot * r->stride];
                memcpy(rn, rv, sizeof(uint32_t) * r->stride);
                v = slot;
            }
            rn[i] = draw_u(x - s);
        }
    }
    return v;
}

/* ---- clipping -------------------------------------------------------------------------------- */

static void clip_triangle(struct draw_run *r, uint32_t a, uint32_t b, uint32_t c)
{
    unsigned code[3];
    if (r->wrap) {
        b = wrap_vertex(r, a, b);
        c = wrap_vertex(r, a, c);
    }
    const uint32_t v[3] = { a, b, c };
    for (int i = 0; i < 3; i++) {
        code[i] = vertex_code(r, v[i]);
        if (code[i] & DRAW_CODE_NONFINITE)
            return;
    }
    if (code[0] & code[1] & code[2])
        return;                                  /* all outside one plane */
    unsigned any = code[0] | code[1] | code[2];
    if (!any) {
        out_polygon(r, v, 3, a);                 /* the common case */
        return;
    }

    uint32_t buf[2][DRAW_CLIP_MAX_VERTS];
    uint32_t *in = buf[0], *out = buf[1];
    unsigned n = 3;
    memcpy(in, v, sizeof(v));
    for (unsigned plane = 0; plane < r->nplanes; plane++) {
        if (!(any & (1u << plane)))
            continue;
        unsigned m = 0;
        for (unsigned i = 0; i < n; i++) {
            uint32_t cur = in[i], nxt = in[(i + 1) % n];
            float pc[4], pn[4];
            position(r, cur, pc);
            position(r, nxt, pn);
            float dc = distance(r, plane, pc), dn = distance(r, plane, pn);
            bool cin = dc >= 0.0f, nin = dn >= 0.0f;
            if (cin)
                out[m++] = cur;
            if (cin && !nin)
                out[m++] = lerp_vertex(r, cur, nxt, dc / (dc - dn), plane);
            else if (!cin && nin)
                out[m++] = lerp_vertex(r, nxt, cur, dn / (dn - dc), plane);
        }
        if (m < 3)
            return;
        uint32_t *t = in;
        in = out;
        out = t;
        n = m;
    }
    out_polygon(r, in, n, a);
}

static void clip_line(struct draw_run *r, uint32_t a, uint32_t b)
{
    float pa[4], pb[4];
    if (r->wrap)
        b = wrap_vertex(r, a, b);
    position(r, a, pa);
    position(r, b, pb);
    if (!finite4(pa) || !finite4(pb))
        return;
    unsigned ca = outcode(r, pa), cb = outcode(r, pb);
    if (ca & cb)
        return;
    if (!(ca | cb)) {
        out_line(r, a, b, a, 0);
        return;
    }
    /* Parametric clipping: the part of A + t (B - A) inside every plane is [t0, t1]. */
    float t0 = 0.0f, t1 = 1.0f;
    unsigned plane0 = 0, plane1 = 0;
    for (unsigned plane = 0; plane < r->nplanes; plane++) {
        if (!((ca | cb) & (1u << plane)))
            continue;
        float da = distance(r, plane, pa), db = distance(r, plane, pb);
        if (!(da >= 0.0f) && !(db >= 0.0f))
            return;
        float t = da / (da - db);
        if (!(da >= 0.0f)) {
            if (!(t <= t0)) {
                t0 = t;
                plane0 = plane;
            }
        } else if (!(db >= 0.0f)) {
            if (!(t >= t1)) {
                t1 = t;
                plane1 = plane;
            }
        }
    }
    if (!(t0 < t1))
        return;
    uint32_t na = t0 > 0.0f ? lerp_vertex(r, a, b, t0, plane0) : a;
    uint32_t nb = t1 < 1.0f ? lerp_vertex(r, a, b, t1, plane1) : b;
    out_line(r, na, nb, a, 0);
}

/* A point as a square of S pixels (draw.h, struct draw_points), as two triangles of four new
 * pool records copied from the point's: every attribute is the point's at all four corners
 * (so it is constant over the square), except the sprite coordinates.  The corners are placed
 * on screen directly (centre +- S / 2), not through clip space, so the square is exact. */
static void out_square(struct draw_run *r, uint32_t a)
{
    const struct draw_points *pt = &r->d->points;
    const struct draw_linkage *link = r->d->link;
    float size = pt->size;
    if (pt->size_slot >= 0 && (uint32_t)pt->size_slot < link->attr_count)
        size = draw_f(r->pool[(size_t)a * r->stride + 4 + 4 * (size_t)pt->size_slot +
                              (pt->size_comp & 3u)]);
    if (size > pt->size_max)
        size = pt->size_max;
    if (!(size >= pt->size_min))
        size = pt->size_min;
    if (!(size <= DRAW_POINT_MAX_SIZE))
        size = DRAW_POINT_MAX_SIZE;
    if (!(size > 0.0f))
        return;
    struct raster_vertex c = screen(r, a);
    float h = size * 0.5f;
    /* corners TL, TR, BL, BR: offsets and sprite coordinates */
    static const float k[4][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } };
    uint32_t slot[4];
    struct raster_vertex v[4];
    const uint32_t *src = &r->pool[(size_t)a * r->stride];
    for (int i = 0; i < 4; i++) {
        slot[i] = (uint32_t)r->pool_count++;
        uint32_t *rec = &r->pool[(size_t)slot[i] * r->stride];
        memcpy(rec, src, sizeof(uint32_t) * r->stride);
        for (uint32_t s = 0; s < link->attr_count && s < 32; s++) {
            if (!(pt->sprite_slots & (1u << s)))
                continue;
            rec[4 + 4 * s + 0] = draw_u(k[i][0]);
            rec[4 + 4 * s + 1] = draw_u(k[i][1]);
        }
        v[i] = c;
        v[i].x = k[i][0] ? c.x + h : c.x - h;
        v[i].y = k[i][1] ? c.y + h : c.y - h;
    }
    /* (TL, TR, BL) and (BL, TR, BR): clockwise on screen, the same facing */
    static const int tri[2][3] = { { 0, 1, 2 }, { 2, 1, 3 } };
    for (int t = 0; t < 2; t++) {
        struct raster_triangle *rt = &r->tris[r->ntris++];
        const int *q = tri[t];
        rt->id = new_prim(r, slot[q[0]], slot[q[1]], slot[q[2]], slot[0], 0);
        for (int i = 0; i < 3; i++)
            rt->v[i] = v[q[i]];
        if (r->ntris == DRAW_RASTER_BATCH)
            draw_submit_pending(r);
    }
}

static void clip_point(struct draw_run *r, uint32_t a)
{
    float p[4];
    position(r, a, p);
    if (!finite4(p) || outcode(r, p))
        return;
    if (r->d->points.enable)
        out_square(r, a);
    else
        out_point(r, a);
}

/* ---- assembly -------------------------------------------------------------------------------- */

void draw_assemble_reset(struct draw_run *r)
{
    r->as.count = 0;
    r->as.parity = 0;
    r->as.pos = 0;
}

void draw_assemble(struct draw_run *r, uint32_t slot)
{
    struct draw_assembler *as = &r->as;
    if (slot == DRAW_CUT) {
        draw_assemble_reset(r);
        return;
    }
    switch (r->topology) {
    case DRAW_POINT_LIST:
        r->stats.c_invocations++;
        clip_point(r, slot);
        break;
    case DRAW_LINE_LIST:
        as->held[as->count++] = slot;
        if (as->count == 2) {
            r->stats.c_invocations++;
            clip_line(r, as->held[0], as->held[1]);
            as->count = 0;
        }
        break;
    case DRAW_LINE_STRIP:
        if (as->count == 1) {
            r->stats.c_invocations++;
            clip_line(r, as->held[0], slot);
        }
        as->held[0] = slot;
        as->count = 1;
        break;
    case DRAW_TRIANGLE_LIST:
        if (as->count < 2) {
            as->held[as->count++] = slot;
            break;
        }
        r->stats.c_invocations++;
        clip_triangle(r, as->held[0], as->held[1], slot);
        as->count = 0;
        break;
    case DRAW_TRIANGLE_STRIP:
        if (as->count < 2) {
            as->held[as->count++] = slot;
            break;
        }
        r->stats.c_invocations++;
        if (as->parity)
            clip_triangle(r, as->held[0], slot, as->held[1]);
        else
            clip_triangle(r, as->held[0], as->held[1], slot);
        as->parity ^= 1u;
        as->held[0] = as->held[1];
        as->held[1] = slot;
        break;
    /* Adjacency without a geometry program (with one: geometry.c): the adjacent vertices are
     * "only visible through a geometry shader" (Primitive Topologies), so each complete
     * primitive is drawn from its own vertices, leading vertex the first non-adjacent one --
     * line list adj (a 1 2 a): 1 2; line strip adj (a 1 2 ... n-2 a): the lines of 1..n-2;
     * triangle list adj (0 a 2 a 4 a): 0 2 4; triangle strip adj: triangle k of the even
     * vertices 2k, 2k+2, 2k+4 (odd k swapped, as a strip), complete when vertex 2k+5
     * arrives.  Incomplete primitives are dropped (8.13). */
    case DRAW_LINE_LIST_ADJ:
        as->held[as->count++] = slot;
        if (as->count == 4) {
            r->stats.c_invocations++;
            clip_line(r, as->held[1], as->held[2]);
            as->count = 0;
        }
        break;
    case DRAW_LINE_STRIP_ADJ:
        if (as->count == 3) {   /* held: v[p-3], v[p-2], v[p-1]; v[p] completes v[p-2] v[p-1] */
            r->stats.c_invocations++;
            clip_line(r, as->held[1], as->held[2]);
            as->held[0] = as->held[1];
            as->held[1] = as->held[2];
            as->count = 2;
        }
        as->held[as->count++] = slot;
        break;
    case DRAW_TRIANGLE_LIST_ADJ:
        as->held[as->count++] = slot;
        if (as->count == 6) {
            r->stats.c_invocations++;
            clip_triangle(r, as->held[0], as->held[2], as->held[4]);
            as->count = 0;
        }
        break;
    case DRAW_TRIANGLE_STRIP_ADJ: {
        unsigned p = as->pos++;
        if (!(p & 1)) {   /* an even vertex: the last three are held */
            if (as->count == 3) {
                as->held[0] = as->held[1];
                as->held[1] = as->held[2];
                as->count = 2;
            }
            as->held[as->count++] = slot;
        } else if (p >= 5 && as->count == 3) {
            r->stats.c_invocations++;
            if (as->parity)
                clip_triangle(r, as->held[0], as->held[2], as->held[1]);
            else
                clip_triangle(r, as->held[0], as->held[1], as->held[2]);
            as->parity ^= 1u;
        }
        break;
    }
    default:
        break;
    }
}
