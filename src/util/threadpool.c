/* src/util/threadpool.c — see threadpool.h.
 *
 * One run at a time.  The caller publishes (fn, ctx, njobs), resets the job counter and bumps
 * a generation number under the mutex, then wakes the threads; every participant (threads and
 * the caller) takes jobs with atomic_fetch_add until the counter passes njobs.  The run is over
 * when every thread has reported back for this generation, so no thread can still be reading
 * fn/ctx when threadpool_run() returns and the next run may overwrite them.
 */
#include "util/threadpool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

#include "util/cpu.h"

struct threadpool_worker {
    struct threadpool *pool;
    unsigned index;
    pthread_t thread;
};

struct threadpool {
    unsigned workers;                 /* including the calling thread */
    unsigned nthreads;                /* threads started (workers - 1 when creation succeeded) */
    struct threadpool_worker *threads;

    pthread_mutex_t lock;
    pthread_cond_t wake;              /* threads wait here for a new generation or shutdown */
    pthread_cond_t done;              /* the caller waits here for `finished == nthreads` */
    unsigned long generation;
    unsigned finished;
    bool shutdown;

    /* The current run (written by the caller under `lock` before the generation changes). */
    threadpool_job_fn fn;
    void *ctx;
    unsigned njobs;
    atomic_uint next_job;
    bool pending;                     /* started, not finished (caller's thread only) */
    bool caller_only;                 /* this run's jobs all run in finish, on the caller */
    /* each worker's next job, taken before it runs its current one (threadpool_next_job);
     * written and read by that worker only */
    unsigned reserved[CPU_MAX_THREADS];
};

static void threadpool_take_jobs(struct threadpool *pool, unsigned worker)
{
    unsigned job = atomic_fetch_add_explicit(&pool->next_job, 1, memory_order_relaxed);
    while (job < pool->njobs) {
        unsigned next = atomic_fetch_add_explicit(&pool->next_job, 1, memory_order_relaxed);
        pool->reserved[worker] = next;
        pool->fn(pool->ctx, job, worker);
        job = next;
    }
}

unsigned threadpool_next_job(const struct threadpool *pool, unsigned worker)
{
    return worker < CPU_MAX_THREADS ? pool->reserved[worker] : ~0u;
}

static void *threadpool_main(void *arg)
{
    struct threadpool_worker *self = arg;
    struct threadpool *pool = self->pool;
    unsigned long seen = 0;

    cpu_fp_enter_ftz();   /* this thread's state for its whole life */
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->shutdown && pool->generation == seen)
            pthread_cond_wait(&pool->wake, &pool->lock);
        if (pool->shutdown)
            break;
        seen = pool->generation;
        pthread_mutex_unlock(&pool->lock);

        threadpool_take_jobs(pool, self->index);

        pthread_mutex_lock(&pool->lock);
        if (++pool->finished == pool->nthreads)
            pthread_cond_signal(&pool->done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

struct threadpool *threadpool_create(unsigned workers)
{
    struct threadpool *pool;

    if (workers == 0)
        workers = cpu_default_threads();
    if (workers > CPU_MAX_THREADS)
        workers = CPU_MAX_THREADS;
    pool = calloc(1, sizeof(*pool));
    if (!pool)
        return NULL;
    pool->workers = workers;
    atomic_init(&pool->next_job, 0);
    if (pthread_mutex_init(&pool->lock, NULL)) {
        free(pool);
        return NULL;
    }
    if (pthread_cond_init(&pool->wake, NULL)) {
        pthread_mutex_destroy(&pool->lock);
        free(pool);
        return NULL;
    }
    if (pthread_cond_init(&pool->done, NULL)) {
        pthread_cond_destroy(&pool->wake);
        pthread_mutex_destroy(&pool->lock);
        free(pool);
        return NULL;
    }
    if (workers > 1) {
        pool->threads = calloc(workers - 1, sizeof(*pool->threads));
        if (!pool->threads) {
            threadpool_destroy(pool);
            return NULL;
        }
        for (unsigned i = 0; i < workers - 1; i++) {
            pool->threads[i].pool = pool;
            pool->threads[i].index = i + 1;
            if (pthread_create(&pool->threads[i].thread, NULL, threadpool_main, &pool->threads[i])) {
                threadpool_destroy(pool);
                return NULL;
            }
            pool->nthreads++;
        }
    }
    return pool;
}

void threadpool_destroy(struct threadpool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->shutdown = true;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (unsigned i = 0; i < pool->nthreads; i++)
        pthread_join(pool->threads[i].thread, NULL);
    free(pool->threads);
    pthread_cond_destroy(&pool->done);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->lock);
    free(pool);
}

unsigned threadpool_size(const struct threadpool *pool)
{
    return pool->workers;
}

static void start(struct threadpool *pool, unsigned njobs, threadpool_job_fn fn, void *ctx,
                  bool caller_only)
{
    threadpool_finish(pool);   /* one run at a time */
    if (njobs == 0)
        return;
    pool->pending = true;
    pool->fn = fn;
    pool->ctx = ctx;
    pool->njobs = njobs;
    pool->caller_only = caller_only || pool->nthreads == 0;
    atomic_store_explicit(&pool->next_job, 0, memory_order_relaxed);
    if (pool->caller_only)
        return;   /* finish runs it inline */
    pthread_mutex_lock(&pool->lock);
    pool->finished = 0;
    pool->generation++;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
}

void threadpool_start(struct threadpool *pool, unsigned njobs, threadpool_job_fn fn, void *ctx)
{
    start(pool, njobs, fn, ctx, false);
}

void threadpool_start_inline(struct threadpool *pool, unsigned njobs, threadpool_job_fn fn,
                             void *ctx)
{
    start(pool, njobs, fn, ctx, true);
}

void threadpool_finish(struct threadpool *pool)
{
    if (!pool->pending)
        return;
    cpu_fp_state saved = cpu_fp_enter_ftz();
    threadpool_take_jobs(pool, 0);
    if (!pool->caller_only) {
        /* The mutex hand-over also orders every worker's writes before the caller's later
         * reads. */
        pthread_mutex_lock(&pool->lock);
        while (pool->finished != pool->nthreads)
            pthread_cond_wait(&pool->done, &pool->lock);
        pthread_mutex_unlock(&pool->lock);
    }
    pool->pending = false;
    cpu_fp_restore(saved);
}

void threadpool_run(struct threadpool *pool, unsigned njobs, threadpool_job_fn fn, void *ctx)
{
    threadpool_start(pool, njobs, fn, ctx);
    threadpool_finish(pool);
}
