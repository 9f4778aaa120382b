/* src/pipeline/pixel_tiled.h — the pixel stage's resource instructions on tiled resources
 * (issue 7): pixel.c's draw_sample hands every request on a view with `tiled` set here. */
#ifndef SOFTD3D_PIPELINE_PIXEL_TILED_H
#define SOFTD3D_PIPELINE_PIXEL_TILED_H

#include "pipeline/draw_priv.h"

void pixel_tiled_sample(const struct draw_px *d, struct draw_worker *w,
                        const struct texture_view *t, const struct vm_sample_request *req,
                        struct vm_sample_result *res);

#endif
