/* src/pipeline/compute.c — compute dispatches on the worker pool (see compute.h).
 *
 * Each worker owns scratch for one group at a time: a copy of the bound views with its own
 * ids, 32 KiB of group-shared memory, and one VM state per chunk of the group.  A job is a
 * contiguous range of groups in x-fastest order (group index = (z * Y + y) * X + x), so a
 * worker reuses its scratch across the groups it takes. */
#include "pipeline/compute.h"

#include <stdlib.h>
#include <string.h>

struct worker_scratch {
    struct vm_cs_env cs;
    uint8_t tgsm[IR_CS_MAX_TGSM_BYTES];
    struct vm_state *st[IR_CS_MAX_THREADS / VM_LANES];
};

struct run {
    const struct compute_dispatch *d;
    struct worker_scratch *w;
    uint64_t total;
    unsigned jobs;
};

static void run_job(void *ctx, unsigned job, unsigned worker)
{
    struct run *r = ctx;
    struct worker_scratch *w = &r->w[worker];
    const uint32_t *g = r->d->groups;
    uint64_t first = r->total * job / r->jobs, end = r->total * (job + 1) / r->jobs;
    struct vm_env env;
    memset(&env, 0, sizeof(env));
    env.cs = &w->cs;
    for (uint64_t i = first; i < end; i++) {
        const uint32_t id[3] = {(uint32_t)(i % g[0]), (uint32_t)(i / g[0] % g[1]),
                                (uint32_t)(i / ((uint64_t)g[0] * g[1]))};
        vm_compute_run_group(r->d->prog, w->st, &env, id);
    }
}

int compute_dispatch_run(struct threadpool *pool, const struct compute_dispatch *d)
{
    if (!d || !d->prog || !d->views || vm_program_cs_unsupported(d->prog))
        return COMPUTE_E_INVALID;
    for (unsigned k = 0; k < 3; k++)
        if (d->groups[k] > COMPUTE_MAX_GROUPS_PER_DIMENSION)
            return COMPUTE_E_INVALID;
    uint64_t total = (uint64_t)d->groups[0] * d->groups[1] * d->groups[2];
    if (!total)
        return COMPUTE_OK;
    unsigned workers = pool ? threadpool_size(pool) : 1, chunks = vm_compute_chunks(d->prog);
    struct worker_scratch *w = calloc(workers, sizeof(*w));
    int ret = w ? COMPUTE_OK : COMPUTE_E_NOMEM;
    for (unsigned i = 0; i < workers && !ret; i++) {
        w[i].cs = *d->views;
        w[i].cs.tgsm = w[i].tgsm;
        for (unsigned k = 0; k < chunks && !ret; k++)
            if (vm_state_create(d->prog, &w[i].st[k]) != VM_OK)
                ret = COMPUTE_E_NOMEM;
    }
    if (!ret) {
        /* a few jobs per worker balance uneven groups; at most one job per group */
        uint64_t jobs = (uint64_t)workers * 8;
        struct run r = {d, w, total, (unsigned)(jobs < total ? jobs : total)};
        if (pool)
            threadpool_run(pool, r.jobs, run_job, &r);
        else
            for (unsigned j = 0; j < r.jobs; j++)
                run_job(&r, j, 0);
    }
    for (unsigned i = 0; w && i < workers; i++)
        for (unsigned k = 0; k < chunks; k++)
            vm_state_destroy(w[i].st[k]);
    free(w);
    return ret;
}
