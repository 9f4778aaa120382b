/* src/pipeline/compute.h — a compute dispatch: every thread group of a cs_5_0 program, run on
 * the worker pool (API-neutral: the D3D11 front-end's Dispatch will fill one of these).
 *
 *   struct compute_dispatch d = { prog, views, {gx, gy, gz} };
 *   compute_dispatch_run(pool, &d);     returns when every group has run
 *
 * Groups are independent units (D3D11.3 functional spec 18.6: no ordering between groups), so
 * they are handed to workers in contiguous ranges; a group runs whole on one worker
 * (vm_compute_run_group: its chunks of 32 lanes between barriers, its own group-shared
 * memory).  Results are the same for any thread count wherever the API makes them so:
 * programs without races, and the final values of atomics (imm_atomic_* return values and
 * the order of append/consume indices depend on the order groups ran, as on hardware). */
#ifndef SOFTD3D_PIPELINE_COMPUTE_H
#define SOFTD3D_PIPELINE_COMPUTE_H

#include <stdint.h>

#include "util/threadpool.h"
#include "vm/vm.h"

/* D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION */
#define COMPUTE_MAX_GROUPS_PER_DIMENSION 65535u

struct compute_dispatch {
    const struct vm_program *prog;   /* a compute program vm_program_cs_unsupported accepts */
    const struct vm_cs_env *views;   /* the bound UAVs and SRVs (ids and tgsm are ignored) */
    uint32_t groups[3];
};

enum { COMPUTE_OK = 0, COMPUTE_E_INVALID = -1, COMPUTE_E_NOMEM = -2 };

/* Runs the dispatch on `pool` (NULL: on the calling thread).  A group count of 0 in any
 * dimension runs nothing (Dispatch's documented no-op).  COMPUTE_E_INVALID: not a compute
 * program the VM runs, or a count above 65535; COMPUTE_E_NOMEM: nothing ran. */
int compute_dispatch_run(struct threadpool *pool, const struct compute_dispatch *d);

#endif
