/* src/pipeline/pixel_tiled.c — resource instructions on tiled resources (issue 7, seed 001).
 *
 * What differs from pixel.c's path for other views:
 *   - texels come through the page table (sample/texel_tiled.h): NULL tiles read 0 with the
 *     format defaults and take part in filtering texel by texel;
 *   - the *_s forms return a status: 0 when every texel with a non-zero weight was mapped,
 *     1 otherwise, so that check_access_fully_mapped (vm_resource.c) answers seed 001's
 *     CheckAccessFullyMapped;
 *   - the *_cl_s forms clamp the LOD from below per lane (texel_tiled_sample);
 *   - ld (with status) reads through the page table; gather4 / gather4_c (+ _po, _s) through
 *     it too; lod is pixel.c's draw_sample_lod, as on other views.  The multisample queries
 *     read 0 (a tiled resource is never multisampled).
 * The status of a lane is 1 only when it is not fully mapped; lanes outside the mask are never
 * written.
 */
#include "pipeline/pixel_tiled.h"

#include <math.h>

#include "sample/texel_tiled.h"

static void answer(const struct vm_sample_request *req, const struct float4_soa *v,
                   uint32_t unmapped, struct vm_sample_result *res)
{
    for (unsigned l = 0; l < VM_LANES; l++) {
        if (!(req->mask & (1u << l)))
            continue;
        for (int k = 0; k < 4; k++)
            res->value[k][l] = draw_u(v->c[k][l]);
        res->status[l] = (unmapped >> l) & 1;
    }
}

void pixel_tiled_sample(const struct draw_px *d, struct draw_worker *w,
                        const struct texture_view *t, const struct vm_sample_request *req,
                        struct vm_sample_result *res)
{
    const struct sampler *s = req->sampler < DRAW_MAX_SAMPLERS ? d->samplers[req->sampler] : NULL;
    struct sample_coords *c = &w->coords;
    uint32_t unmapped = 0;

    switch (req->kind) {
    case VM_TEX_SAMPLE:
    case VM_TEX_SAMPLE_B:
    case VM_TEX_SAMPLE_L:
    case VM_TEX_SAMPLE_D:
    case VM_TEX_SAMPLE_C:
    case VM_TEX_SAMPLE_C_LZ:
        if (!s)
            return;
        draw_sample_coords(c, req);
        texel_tiled_sample(s, t, c, req->has_clamp ? req->clamp : NULL, VM_LANES, &w->texels,
                           req->want_status ? &unmapped : NULL);
        answer(req, &w->texels, unmapped, res);
        break;
    case VM_TEX_GATHER4:
    case VM_TEX_GATHER4_C: {
        if (!s)
            return;
        const int8_t imm[2] = { req->texel_offset[0], req->texel_offset[1] };
        draw_sample_coords(c, req);
        texel_tiled_gather(s, t, c, req->gather_channel, req->kind == VM_TEX_GATHER4_C,
                           req->has_offsets ? req->offset : NULL, imm, VM_LANES, &w->texels,
                           req->want_status ? &unmapped : NULL);
        answer(req, &w->texels, unmapped, res);
        break;
    }
    case VM_TEX_LD:
        for (unsigned l = 0; l < VM_LANES; l++) {
            if (!(req->mask & (1u << l)))
                continue;
            float f[4];
            uint32_t raw[4];
            bool is_int;
            bool mapped = texel_tiled_load(t, req->address.i[0][l], req->address.i[1][l],
                                           req->address.i[2][l], req->address.i[3][l], f, raw,
                                           &is_int);
            for (int k = 0; k < 4; k++)
                res->value[k][l] = is_int ? raw[k] : draw_u(f[k]);
            res->status[l] = !mapped;
        }
        break;
    case VM_TEX_RESINFO:
        for (unsigned l = 0; l < VM_LANES; l++) {
            if (!(req->mask & (1u << l)))
                continue;
            uint32_t mip = req->lod_u[l];
            res->value[3][l] = t->levels;
            if (mip < t->levels) {
                res->value[0][l] = t->level[mip].width;
                res->value[1][l] = t->level[mip].height;
            }
        }
        break;
    case VM_TEX_LOD:
        draw_sample_lod(s, t, c, req, res);   /* (pixel.c: the same on every view) */
        break;
    default:
        break;   /* multisample queries: read 0 (as pixel.c) */
    }
}
