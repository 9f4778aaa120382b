/* src/util/threadpool.h — a fixed pool of worker threads that run batches of independent jobs.
 *
 * The rasterizer's unit of work is a screen tile: every job of a run is independent of every
 * other (a tile's pixels belong to exactly one job), so a run needs no ordering and the result
 * does not depend on which worker took which job (DESIGN.md principle 6).
 *
 *   struct threadpool *pool = threadpool_create(0);       0: SOFTD3D_THREADS, else CPU count
 *   threadpool_run(pool, ntiles, rasterize_tile, scene);  returns when every job has finished
 *   threadpool_destroy(pool);
 *
 * A pool of N workers owns N - 1 threads; the thread that calls threadpool_run() is worker 0
 * and takes jobs too, so a 1-worker pool runs everything inline with no thread at all.  Jobs
 * are handed out in increasing order from a shared atomic counter (dynamic balancing); a worker
 * takes its next job before it runs the current one, so that the job can prepare for it
 * (threadpool_next_job: the rasterizer prefetches the next tile's rows).  Every
 * worker runs with flush-to-zero / denormals-are-zero set (util/cpu.h); the calling thread's
 * own floating-point state is restored when threadpool_run() returns.
 *
 * threadpool_run() must not be called from two threads at once on one pool, nor from inside a
 * job.  A job function must not throw (C) or longjmp out.
 */
#ifndef SOFTD3D_UTIL_THREADPOOL_H
#define SOFTD3D_UTIL_THREADPOOL_H

struct threadpool;

/* job: 0..njobs-1; worker: 0..threadpool_size()-1, the index of the worker running it (stable
 * for the duration of the job; use it to pick per-worker scratch memory). */
typedef void (*threadpool_job_fn)(void *ctx, unsigned job, unsigned worker);

/* Creates a pool of `workers` workers (0: cpu_default_threads(); clamped to CPU_MAX_THREADS).
 * Returns NULL when memory or threads cannot be had (nothing is left running). */
struct threadpool *threadpool_create(unsigned workers);

/* Stops and joins the threads, frees the pool.  NULL is accepted. */
void threadpool_destroy(struct threadpool *pool);

/* Number of workers, including the calling thread. */
unsigned threadpool_size(const struct threadpool *pool);

/* Runs fn(ctx, job, worker) once for every job in 0..njobs-1 and returns when all are done. */
void threadpool_run(struct threadpool *pool, unsigned njobs, threadpool_job_fn fn, void *ctx);

/* The same in two halves, so that the caller can do other work meanwhile: start hands the
 * jobs to the threads (workers 1..N-1) and returns; finish takes the jobs left as worker 0
 * and returns when all are done.  A start (or run) first finishes a started run: one run at a
 * time.  With no threads, finish runs every job.  The caller's work between the two must not
 * touch what the jobs touch, nor use worker 0's per-worker scratch. */
void threadpool_start(struct threadpool *pool, unsigned njobs, threadpool_job_fn fn, void *ctx);
void threadpool_finish(struct threadpool *pool);

/* threadpool_start for a run too small to be worth waking the threads for (waking them and
 * waiting for them costs tens of microseconds; a few small jobs cost less): finish runs every
 * job on the calling thread, as worker 0.  The results are the same -- jobs are independent,
 * whichever worker runs them. */
void threadpool_start_inline(struct threadpool *pool, unsigned njobs, threadpool_job_fn fn,
                             void *ctx);

/* Inside a job run by `worker`: the job that worker runs next (already taken), or a value
 * >= njobs when it has none. */
unsigned threadpool_next_job(const struct threadpool *pool, unsigned worker);

#endif
