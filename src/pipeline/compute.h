/* src/pipeline/compute.h — a compute dispatch: every thread group of a cs_5_0 program, run on
 * the worker pool (API-neutral: the D3D11 front-end's Dispatch fills one of these,
 * src/d3d11/context_compute.c).
 *
 *   struct compute_dispatch d = { prog, views, {gx, gy, gz} };
 *   compute_dispatch_run(pool, &d);     returns when every group has run
 *
 * Groups are independent units (D3D11.3 functional spec 18.6: no ordering between groups), so
 * they are handed to workers in contiguous ranges; a group runs whole on one worker
 * (vm_compute_run_group: its chunks of 32 lanes between barriers, its own group-shared
 * memory).  Results are the same for any thread count wherever the API makes them so:
 * programs without races, and the final values of atomics (imm_atomic_* return values and
 * the order of append/consume indices depend on the order groups ran, as on hardware).
 *
 * Besides the raw and structured memory of `views`, a dispatch may read constant buffers,
 * typed textures and buffers through t# (ld; sample_l, and the other sample forms at LOD 0:
 * a compute thread has no screen derivatives), and typed UAVs (struct compute_image: the
 * format conversions of ld_uav_typed / store_uav_typed and the 32-bit words atomics use). */
#ifndef SOFTD3D_PIPELINE_COMPUTE_H
#define SOFTD3D_PIPELINE_COMPUTE_H

#include <stddef.h>
#include <stdint.h>

#include "sample/sampler.h"
#include "sample/texel.h"
#include "util/threadpool.h"
#include "vm/vm.h"

/* D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION */
#define COMPUTE_MAX_GROUPS_PER_DIMENSION 65535u
/* t# / s# slots a dispatch may bind for typed reads and sampling (the rest read 0) */
#define COMPUTE_MAX_TEXTURES 32
#define COMPUTE_MAX_SAMPLERS 16

/* A typed UAV: elements (x, y, z) at data + z * slice_pitch + y * row_pitch + x * element
 * size, size[k] elements in each (z: depth slices or array slices; 1 where the view has no
 * such dimension).  Loads (ld_uav_typed) read the raw 32 bits of R32_FLOAT / R32_UINT /
 * R32_SINT views (the typed-UAV-load formats of 11_0, "Typed unordered access view loads")
 * and 0 from any other format; stores convert per the format (texel_store: floats for the
 * FLOAT / UNORM / SNORM formats, texel_store_int for UINT / SINT); atomics work on R32_UINT /
 * R32_SINT views.  Coordinates outside size read 0 and write nothing. */
struct compute_image {
    uint8_t *data;                   /* NULL: unbound (the slot reads 0) */
    const struct texel_format *texel;
    uint32_t size[3];
    size_t row_pitch, slice_pitch;
    unsigned coords;                 /* address components the view's dimension uses (buffer,
                                      * 1D: 1; 1D array, 2D: 2; 2D array, 3D: 3): the program's
                                      * others are ignored (the instruction reads .xyz) */
    /* tiled resources: whether the element at p lies on a NULL tile (ld_uav_typed_s's
     * status, vm.h typed_unmapped); NULL: every element is mapped */
    bool (*unmapped)(const void *ctx, const uint8_t *p);
    const void *unmapped_ctx;
};

struct compute_dispatch {
    const struct vm_program *prog;   /* a compute program vm_program_cs_unsupported accepts */
    const struct vm_cs_env *views;   /* the bound raw / structured UAVs and SRVs (ids and
                                      * tgsm are the dispatch's own; so are the typed
                                      * callbacks when `images` is set or views has none) */
    uint32_t groups[3];
    /* optional (NULL: unbound, reads 0): IR_MAX_CB_SLOTS constant buffers; t# / s# views and
     * samplers (COMPUTE_MAX_TEXTURES / _SAMPLERS entries); IR_MAX_UAVS typed UAVs */
    const struct vm_cbuffer *cb;
    const struct texture_view *const *textures;
    const struct sampler *const *samplers;
    const struct compute_image *images;
};

enum { COMPUTE_OK = 0, COMPUTE_E_INVALID = -1, COMPUTE_E_NOMEM = -2 };

/* Runs the dispatch on `pool` (NULL: on the calling thread).  A group count of 0 in any
 * dimension runs nothing (Dispatch's documented no-op).  COMPUTE_E_INVALID: not a compute
 * program the VM runs, or a count above 65535; COMPUTE_E_NOMEM: nothing ran. */
int compute_dispatch_run(struct threadpool *pool, const struct compute_dispatch *d);

/* Points the typed-UAV callbacks of `cs` at `images` (IR_MAX_UAVS entries, or NULL: every
 * typed access reads 0): what a dispatch does for its own copy, and what the pixel stage does
 * for a pixel program's UAVs (11_0). */
void compute_bind_images(struct vm_cs_env *cs, const struct compute_image *images);

/* Threads in one group of `prog` (dcl_thread_group x * y * z; 0 for other programs): the
 * pipeline statistics' CSInvocations count one per thread. */
uint32_t compute_group_threads(const struct vm_program *prog);

#endif
