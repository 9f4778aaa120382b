/* src/pipeline/setup.c — primitive setup: snapping, culling, edge functions, planes, depth bias.
 *
 * Everything here follows the D3D11.3 functional spec; section names are cited where used.
 *
 * 1. Snapping (3.4.1 "Coordinate Snapping", 15.16 "Rasterizer Precision", 3.2.4.1 "FLOAT ->
 *    Fixed Point Integer").  x and y become 16.8 fixed point, EXACTLY 8 fraction bits, rounded
 *    to nearest even.  Culling and coverage use the snapped positions only, and so do the
 *    interpolation planes (15.16.2 "Attribute Interpolator Precision": "Interpolator setup is
 *    done based on vertex positions that have already been converted (snapped)").
 *
 * 2. Edge functions.  For the directed edge a -> b, with dx = Xb - Xa, dy = Yb - Ya,
 *
 *        E(X, Y) = dx * (Y - Ya) - dy * (X - Xa)
 *
 *    is twice the signed area of (a, b, P): zero on the edge's line, and of one sign on each
 *    side.  For the triangle (P0, P1, P2) put D = E_{0->1}(P2) = (X1-X0)(Y2-Y0) - (Y1-Y0)(X2-X0).
 *    In render-target space (y down) D > 0 means the vertices run CLOCKWISE as seen on screen.
 *    If D < 0 we walk the edges in the other direction (negate every E), so that in both cases
 *    the interior is where all three E are > 0.  Edge k is the one opposite vertex k:
 *    E_k(P) = sign(D) * E_{(k+1) -> (k+2)}(P); then E_k(P_k) = |D| and E_0 + E_1 + E_2 = |D|
 *    everywhere, so E_k / |D| is the barycentric weight of vertex k (the "linear" weights).
 *
 *    Pixel centres are at X = 256 px + 128 (3.3.1 "Pixel Coordinate System"), integers in
 *    subpixel units, so E at a centre is an exact integer: no epsilon anywhere.
 *
 * 3. The top-left rule (3.4.2.1) as one bias term per edge.  With the interior on the side
 *    where E > 0 and y pointing down, a walk along the (re-oriented) edges goes clockwise on
 *    screen: the interior is on the walker's right.
 *      - top edge: exactly horizontal and above the rest of the triangle.  Horizontal: dy = 0,
 *        E = dx * (Y - Ya); the interior (below, Y > Ya) has E > 0 iff dx > 0.
 *      - left edge: not horizontal, the interior to its right (X > edge).  E changes with X by
 *        -dy, so the interior is to the right iff -dy > 0, i.e. dy < 0 (the edge runs up).
 *    A centre with E = 0 is inside iff its edge is top or left.  E being an integer,
 *        inside  <=>  E > 0, or E = 0 on a top/left edge  <=>  E + bias >= 0,
 *    with bias = 0 for top/left edges and -1 for the others (the trirast formulation, STYLE.md).
 *    "If two edges touch the centre, both must be top or left" follows, since all three
 *    biased values must be >= 0.  Shared edges: two triangles that share an edge walk it in
 *    opposite directions, so exactly one of them sees it as top/left; a centre on it goes to
 *    exactly one triangle; a centre strictly inside either goes to that one.  No gaps, no
 *    double hits.
 *
 * 4. Ranges (why int64): see RASTER_GUARD_BAND_PX in raster.h.  |E| < 2^57 for every point in
 *    the band; the per-pixel steps ex = -256 dy and ey = 256 dx are below 2^36.
 *
 * 5. Planes.  Depth and 1/w are linear in screen space (z is already z/w after the divide, and
 *    so is 1/w); weights too.  Each is stored as value at v0 plus slopes per pixel, computed in
 *    double from the exact integers and rounded once to float:
 *        lambda_1(P) = E_1(P) / |D| = [(Y2-Y0)(X-X0) - (X2-X0)(Y-Y0)] / D
 *        lambda_2(P) = E_2(P) / |D| = [(X1-X0)(Y-Y0) - (Y1-Y0)(X-X0)] / D
 *    (E_1 and E_2 vanish at P0, so no constant term.)  Perspective-correct weights follow from
 *    the linear ones: pw_k = lambda_k q_k / sum_j lambda_j q_j, q = 1/w (16.4 "Rasterizer /
 *    Pixel Shader Attribute Interpolation Modes": linear = perspective-correct).
 *
 * 6. Depth bias (15.10 "Depth Bias"): raster_depth_bias() below, added to each vertex's z
 *    before the depth plane is set up.
 */
#include "pipeline/raster_priv.h"

#include <math.h>
#include <string.h>

int32_t raster_snap(float x)
{
    /* x * 256 is exact (a power-of-two scale, far from overflow for |x| <= 2^19), and so is
     * t - floor(t); the tie test then needs no rounding mode. */
    double t = (double)x * 256.0;
    double f;
    if (fabs(t) < 0x1p52) {
        /* floor without libm's call (baseline x86-64 has no roundsd: 1% of a small-triangle
         * scene): truncate toward zero, exact in int64 here, and step down where that went
         * up; NaN and the huge values take floor() */
        int64_t tr = (int64_t)t;
        f = (double)(tr - ((double)tr > t));
    } else {
        f = floor(t);
    }
    double frac = t - f;
    int64_t i = (int64_t)f;
    if (frac > 0.5 || (frac == 0.5 && (i & 1)))
        i++;
    return (int32_t)i;
}

/* A vertex may be set up when x and y are inside the guard band (this also rejects NaN and
 * Inf: every comparison with NaN is false) and z is finite.  15.16.1 "Valid Position Range"
 * discards NaN x, y, z; Inf z is rejected too (it would make every depth NaN or Inf), and an
 * infinite or far x/y is the clipper's to handle (raster.h). */
static bool setup_vertex_ok(const struct raster_vertex *v)
{
    return fabsf(v->x) <= RASTER_GUARD_BAND_PX && fabsf(v->y) <= RASTER_GUARD_BAND_PX &&
           isfinite(v->z);
}

struct raster_rect setup_clip_rect(const struct raster_state *st, uint32_t width, uint32_t height)
{
    struct raster_rect r = { 0, 0, (int32_t)width, (int32_t)height };
    if (st->scissor_enable) {
        if (st->scissor.x0 > r.x0) r.x0 = st->scissor.x0;
        if (st->scissor.y0 > r.y0) r.y0 = st->scissor.y0;
        if (st->scissor.x1 < r.x1) r.x1 = st->scissor.x1;
        if (st->scissor.y1 < r.y1) r.y1 = st->scissor.y1;
    }
    return r;
}

/* Depth bias, spec 15.10, in float32 as the spec requires:
 *
 *   MaxDepthSlope = max(|dz/dx|, |dz/dy|)
 *   SlopeTerm     = SlopeScaledDepthBias * MaxDepthSlope, only when SlopeScaledDepthBias != 0
 *                   (avoids 0 * Inf = NaN for edge-on triangles)
 *   UNORM (or no depth buffer):  Bias = DepthBias * r + SlopeTerm, r = smallest value > 0
 *   float depth:                 Bias = DepthBias * 2^(exponent(max |z|) - 23) + SlopeTerm
 *   clamp: DepthBiasClamp > 0: min(clamp, Bias); < 0: max(clamp, Bias); 0: none
 *   applied only when DepthBias != 0 or SlopeScaledDepthBias != 0.
 *
 * Reading of "exponent(max abs(z))": the unbiased binary exponent, floor(log2 |z|).  For
 * max |z| = 0 (no exponent) and where 2^(e - 23) would be a denormal we use 0, denormals being
 * flushed in D3D10+ arithmetic (3.1). */
float raster_depth_bias(const struct raster_state *st, float dzdx, float dzdy, float max_abs_z)
{
    float slope_term = 0.0f, bias, unit;

    if (st->depth_bias == 0 && st->slope_scaled_depth_bias == 0.0f)
        return 0.0f;
    if (st->slope_scaled_depth_bias != 0.0f) {
        float max_slope = fmaxf(fabsf(dzdx), fabsf(dzdy));
        slope_term = st->slope_scaled_depth_bias * max_slope;
    }
    if (st->depth_kind == RASTER_DEPTH_FLOAT) {
        int e = 0;
        unit = 0.0f;
        if (max_abs_z > 0.0f && isfinite(max_abs_z)) {
            frexpf(max_abs_z, &e);           /* max_abs_z = m * 2^e, m in [0.5, 1) */
            if (e - 1 - 23 >= -126)
                unit = ldexpf(1.0f, e - 1 - 23);
        }
    } else {
        unit = st->depth_bias_r;
    }
    bias = (float)st->depth_bias * unit + slope_term;
    if (st->depth_bias_clamp > 0.0f)
        bias = fminf(st->depth_bias_clamp, bias);
    else if (st->depth_bias_clamp < 0.0f)
        bias = fmaxf(st->depth_bias_clamp, bias);
    return bias;
}

enum raster_setup_result setup_triangle(const struct raster_state *st, struct raster_rect clip,
                                        const struct raster_triangle *tri, struct setup_tri *out)
{
    const struct raster_vertex *v = tri->v;
    int64_t X[3], Y[3], D, minx, maxx, miny, maxy;
    bool front;
    struct raster_rect box;

    for (int i = 0; i < 3; i++) {
        if (!setup_vertex_ok(&v[i]))
            return RASTER_SETUP_OUT_OF_RANGE;
        X[i] = raster_snap(v[i].x);
        Y[i] = raster_snap(v[i].y);
    }

    /* Winding and culling on the snapped positions (15.11 "Cull State"); zero area is
     * back-facing (15.11.1) and covers no centre anyway. */
    D = (X[1] - X[0]) * (Y[2] - Y[0]) - (Y[1] - Y[0]) * (X[2] - X[0]);
    if (D == 0)
        return RASTER_SETUP_DEGENERATE;
    front = st->front_ccw ? D < 0 : D > 0;       /* D > 0: clockwise on screen */
    if ((st->cull == RASTER_CULL_BACK && !front) || (st->cull == RASTER_CULL_FRONT && front))
        return RASTER_SETUP_CULLED;

    /* Bounding box of the centres that can be inside: Xmin <= 256 px + 128 <= Xmax. */
    minx = maxx = X[0];
    miny = maxy = Y[0];
    for (int i = 1; i < 3; i++) {
        if (X[i] < minx) minx = X[i];
        if (X[i] > maxx) maxx = X[i];
        if (Y[i] < miny) miny = Y[i];
        if (Y[i] > maxy) maxy = Y[i];
    }
    /* Multisampled, the samples lie within 8/16 pixel of the centre (raster.h): the pixels
     * whose centre is within 128 subpixels of the box may have samples inside. */
    int64_t reach = st->samples > 1 ? 128 : 0;
    box.x0 = (int32_t)raster_ceil_div(minx - 128 - reach, 256);
    box.x1 = (int32_t)raster_floor_div(maxx - 128 + reach, 256) + 1;
    box.y0 = (int32_t)raster_ceil_div(miny - 128 - reach, 256);
    box.y1 = (int32_t)raster_floor_div(maxy - 128 + reach, 256) + 1;
    if (box.x0 < clip.x0) box.x0 = clip.x0;
    if (box.y0 < clip.y0) box.y0 = clip.y0;
    if (box.x1 > clip.x1) box.x1 = clip.x1;
    if (box.y1 > clip.y1) box.y1 = clip.y1;
    if (box.x0 >= box.x1 || box.y0 >= box.y1)
        return RASTER_SETUP_EMPTY;

    memset(out, 0, sizeof(*out));
    out->box = box;
    out->id = tri->id;
    out->flags = front ? RASTER_BATCH_FRONT_FACING : 0;

    /* Edge k, opposite vertex k, walked a -> b with a = k+1, b = k+2 (mod 3), negated when
     * D < 0 so that the interior is positive (header comment, 2 and 3).  Written as
     * E = A (X - Xa) + B (Y - Ya) with A = -dy, B = dx; at the centre of pixel (0, 0), plus
     * the top-left bias; per pixel step E changes by 256 A and 256 B. */
    for (int k = 0; k < 3; k++) {
        int a = (k + 1) % 3, b = (k + 2) % 3;
        int64_t dx = X[b] - X[a], dy = Y[b] - Y[a];
        if (D < 0) {
            dx = -dx;
            dy = -dy;
        }
        bool top_left = dy < 0 || (dy == 0 && dx > 0);
        int64_t A = -dy, B = dx;
        out->e[k] = A * (128 - X[a]) + B * (128 - Y[a]) + (top_left ? 0 : -1);
        out->ex[k] = 256 * A;
        out->ey[k] = 256 * B;
    }

    /* Interpolation planes (header comment, 5), per pixel, relative to v0. */
    double Dd = (double)D;
    double l1x = 256.0 * (double)(Y[2] - Y[0]) / Dd, l1y = -256.0 * (double)(X[2] - X[0]) / Dd;
    double l2x = -256.0 * (double)(Y[1] - Y[0]) / Dd, l2y = 256.0 * (double)(X[1] - X[0]) / Dd;
    out->X0 = (int32_t)X[0];
    out->Y0 = (int32_t)Y[0];
    out->l1x = (float)l1x;
    out->l1y = (float)l1y;
    out->l2x = (float)l2x;
    out->l2y = (float)l2y;

    /* Depth bias from the unbiased plane, then added to every vertex (15.10: "the same value
     * added to the z for each vertex before interpolator setup"). */
    float z[3] = { v[0].z, v[1].z, v[2].z };
    float dzdx = (float)((double)(z[1] - z[0]) * l1x + (double)(z[2] - z[0]) * l2x);
    float dzdy = (float)((double)(z[1] - z[0]) * l1y + (double)(z[2] - z[0]) * l2y);
    float maxz = fmaxf(fabsf(z[0]), fmaxf(fabsf(z[1]), fabsf(z[2])));
    if (st->depth_bias != 0 || st->slope_scaled_depth_bias != 0.0f) {
        float bias = raster_depth_bias(st, dzdx, dzdy, maxz);
        for (int i = 0; i < 3; i++)
            z[i] = z[i] + bias;
        dzdx = (float)((double)(z[1] - z[0]) * l1x + (double)(z[2] - z[0]) * l2x);
        dzdy = (float)((double)(z[1] - z[0]) * l1y + (double)(z[2] - z[0]) * l2y);
    }
    out->z0 = z[0];
    out->zx = dzdx;
    out->zy = dzdy;

    float q0 = v[0].inv_w, q1 = v[1].inv_w, q2 = v[2].inv_w;
    out->q0 = q0;
    out->q1 = q1;
    out->q2 = q2;
    out->qx = (float)((double)(q1 - q0) * l1x + (double)(q2 - q0) * l2x);
    out->qy = (float)((double)(q1 - q0) * l1y + (double)(q2 - q0) * l2y);
    return RASTER_SETUP_OK;
}

/* A point is a 1x1 square centred on the snapped vertex, rasterized as two triangles by the
 * triangle rules (3.4.6 "Point Rasterization Rules").  Its left and top edges are top/left
 * edges, its right and bottom edges are not, and the diagonal shared by the two triangles
 * gives each centre to exactly one of them, so a centre (256 px + 128, 256 py + 128) is
 * covered iff  Xc - 128 <= 256 px + 128 < Xc + 128  (and likewise in y), i.e.
 *     256 px in [Xc - 256, Xc)  <=>  px = floor((Xc - 1) / 256).
 * Exactly one pixel, always.  No culling and no depth bias for points (15.10, 3.4.6). */
enum raster_setup_result setup_point(struct raster_rect clip, const struct raster_point *pt,
                                     struct setup_point *out)
{
    if (!setup_vertex_ok(&pt->v))
        return RASTER_SETUP_OUT_OF_RANGE;
    int64_t Xc = raster_snap(pt->v.x), Yc = raster_snap(pt->v.y);
    int64_t px = raster_floor_div(Xc - 1, 256), py = raster_floor_div(Yc - 1, 256);
    if (px < clip.x0 || px >= clip.x1 || py < clip.y0 || py >= clip.y1)
        return RASTER_SETUP_EMPTY;
    memset(out, 0, sizeof(*out));
    out->px = (int32_t)px;
    out->py = (int32_t)py;
    out->z = pt->v.z;
    out->id = pt->id;
    return RASTER_SETUP_OK;
}

/* Aliased lines (3.4.3 "Aliased Line Rasterization Rules").  The rule: around every pixel
 * centre a diamond |X - cx| + |Y - cy| < 1/2 pixel; for x-major lines (|slope| <= 1) the
 * diamond also includes its lower-left and lower-right edges and bottom corner, for y-major
 * lines the right corner as well; a line covers the pixel if it EXITS that diamond travelling
 * from its start to its end.
 *
 * Implemented reading (exact in fixed point): for an x-major line the diamonds a line crosses
 * are the ones whose vertical diagonal X = cx it crosses (|slope| <= 1 makes |X - cx| +
 * |Y(X) - cy| smallest at X = cx), one per column; at X = cx the diamond holds
 * cy - 128 < Y <= cy + 128 (bottom corner in, top corner out), so the row is
 *     py = ceil(Y(cx) / 256) - 1.
 * Columns are those whose centre lies in [Xs, Xe) in the direction of travel (the start's
 * column in, the end's out), which is what "exits" means for end points on the diagonals:
 * a connected strip lights its shared vertex once.  y-major lines swap the roles: rows with
 * cy in [Ys, Ye), column px = ceil(X(cy) / 256) - 1 (the right corner in, the left out).
 *
 * Simplification (documented, not the full rule): an end point strictly inside a diamond but
 * off its major-axis diagonal is treated by which side of the diagonal it lies on (the exact
 * rule would light the start's pixel whenever the start is inside its diamond, and never the
 * end's).  Lines whose end points lie on pixel centres or on diagonals are exact. */
int32_t setup_line_minor(const struct setup_line *l, int32_t m)
{
    /* minor(m) = ceil(Minor(c) / 256) - 1 with Minor(c) = Ms + (c - Ns) * dM / dN, c = 256 m +
     * 128, evaluated as ceil(num / (256 dN)) with dN made positive.  |num| < 2^57. */
    int64_t Ns, Ms, dN, dM;
    if (l->x_major) {
        Ns = l->Xs; Ms = l->Ys; dN = (int64_t)l->Xe - l->Xs; dM = (int64_t)l->Ye - l->Ys;
    } else {
        Ns = l->Ys; Ms = l->Xs; dN = (int64_t)l->Ye - l->Ys; dM = (int64_t)l->Xe - l->Xs;
    }
    int64_t c = 256 * (int64_t)m + 128;
    int64_t num = Ms * dN + (c - Ns) * dM;
    if (dN < 0) {
        num = -num;
        dN = -dN;
    }
    return (int32_t)(raster_ceil_div(num, 256 * dN) - 1);
}

enum raster_setup_result setup_line(struct raster_rect clip, const struct raster_line *ln,
                                    struct setup_line *out)
{
    if (!setup_vertex_ok(&ln->v[0]) || !setup_vertex_ok(&ln->v[1]))
        return RASTER_SETUP_OUT_OF_RANGE;
    int64_t Xs = raster_snap(ln->v[0].x), Ys = raster_snap(ln->v[0].y);
    int64_t Xe = raster_snap(ln->v[1].x), Ye = raster_snap(ln->v[1].y);
    int64_t dX = Xe - Xs, dY = Ye - Ys;
    if (dX == 0 && dY == 0)
        return RASTER_SETUP_DEGENERATE;

    memset(out, 0, sizeof(*out));
    out->x_major = (dX < 0 ? -dX : dX) >= (dY < 0 ? -dY : dY);
    int64_t Ns = out->x_major ? Xs : Ys, Ne = out->x_major ? Xe : Ye;
    int64_t lo, hi;
    /* Centres 256 m + 128 in [Ns, Ne) going up, or in (Ne, Ns] going down. */
    if (Ne > Ns) {
        lo = raster_ceil_div(Ns - 128, 256);
        hi = raster_ceil_div(Ne - 128, 256) - 1;
    } else {
        lo = raster_floor_div(Ne - 128, 256) + 1;
        hi = raster_floor_div(Ns - 128, 256);
    }
    int32_t clo = out->x_major ? clip.x0 : clip.y0, chi = (out->x_major ? clip.x1 : clip.y1) - 1;
    if (lo < clo) lo = clo;
    if (hi > chi) hi = chi;
    if (lo > hi || clip.x0 >= clip.x1 || clip.y0 >= clip.y1)
        return RASTER_SETUP_EMPTY;

    out->Xs = (int32_t)Xs;
    out->Ys = (int32_t)Ys;
    out->Xe = (int32_t)Xe;
    out->Ye = (int32_t)Ye;
    out->major_lo = (int32_t)lo;
    out->major_hi = (int32_t)hi;
    out->clip = clip;
    /* t = ((C - S) . d) / |d|^2: 0 at the start, 1 at the end, linear in screen space. */
    double len2 = (double)dX * (double)dX + (double)dY * (double)dY;
    out->tx = (float)((double)dX / len2);
    out->ty = (float)((double)dY / len2);
    out->z0 = ln->v[0].z;
    out->z1 = ln->v[1].z;
    out->q0 = ln->v[0].inv_w;
    out->q1 = ln->v[1].inv_w;
    out->id = ln->id;
    return RASTER_SETUP_OK;
}
