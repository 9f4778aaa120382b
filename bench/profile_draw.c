/* bench/profile_draw.c — softd3d-profile: the benchmark scenes (scenes.h) through softd3d alone,
 * for profiling and for checking that an optimisation changed no output bit.
 *
 *   softd3d-profile [--threads N] [--frames N] [--size WxH] [--msaa N] [--scene NAME]...
 *
 * --msaa N (2, 4, 8) draws the Direct3D 11 scenes into N-sample colour and depth targets and
 * resolves each frame (ResolveSubresource) before it ends: what multisampling costs; the hash
 * is then the resolved image's.
 * Per scene: prepare, one warm-up frame, N (default 3) timed frames, read-back.  One line each:
 *   textured    123.456 ms/frame   67.2 Mpix/s   cpu 120.1 ms/frame   fnv 0123456789abcdef
 * The hash is FNV-1a 64 over the final RGBA8 image: equal hashes before and after a change mean
 * the change kept every bit (DESIGN.md principle 6), and equal hashes for --threads 1 and 2 that
 * the thread count does not matter.  "cpu" is the process's CPU time per frame (all threads),
 * steadier than the wall clock when the machine is shared.  Run it under `perf record -e
 * cpu-clock` or `valgrind --tool=callgrind` with --frames 1 to find the hot spots.  The thread
 * count goes to SOFTD3D_THREADS before the device is made (default: as softd3d decides).
 * The scenes are bench/scenes.c's and are drawn by bench/softd3d_scenes.c, as softd3d-bench
 * draws them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "renderer.h"
#include "scenes.h"

static unsigned WIDTH = 1920, HEIGHT = 1080;   /* --size: smaller runs for callgrind */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the whole process (all threads): on a shared machine, the steadier measure. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t fnv64(const uint8_t *p, size_t n)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

int main(int argc, char **argv)
{
    bool want[BENCH_SCENE_COUNT] = {false};
    bool any = false;
    int frames = 3;
    unsigned samples = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
            setenv("SOFTD3D_THREADS", argv[++i], 1);
        } else if (!strcmp(argv[i], "--size") && i + 1 < argc) {
            if (sscanf(argv[++i], "%ux%u", &WIDTH, &HEIGHT) != 2 || !WIDTH || !HEIGHT ||
                WIDTH > 16384 || HEIGHT > 16384) {
                fprintf(stderr, "softd3d-profile: --size WxH, 1..16384 each\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--frames") && i + 1 < argc) {
            frames = atoi(argv[++i]);
            if (frames < 1)
                frames = 1;
        } else if (!strcmp(argv[i], "--msaa") && i + 1 < argc) {
            samples = (unsigned)atoi(argv[++i]);
            if (samples != 1 && samples != 2 && samples != 4 && samples != 8) {
                fprintf(stderr, "softd3d-profile: --msaa 1, 2, 4 or 8\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--scene") && i + 1 < argc) {
            const char *n = argv[++i];
            int k = 0;
            while (k < BENCH_SCENE_COUNT && strcmp(bench_scene_names[k], n))
                k++;
            if (k == BENCH_SCENE_COUNT) {
                fprintf(stderr, "softd3d-profile: unknown scene %s\n", n);
                return 2;
            }
            want[k] = any = true;
        } else {
            fprintf(stderr,
                    "usage: softd3d-profile [--threads N] [--frames N] [--size WxH] [--msaa N] "
                    "[--scene NAME]...\n");
            return 2;
        }
    }
    struct bench_renderer r;
    char err[256];
    if (softd3d_renderer_create_ms(WIDTH, HEIGHT, samples, &r, err, sizeof(err))) {
        fprintf(stderr, "softd3d-profile: %s\n", err);
        return 1;
    }
    /* the Direct3D 9 scene (lit) goes through softd3d's IDirect3DDevice9 */
    struct bench_renderer r9;
    bool have_r9 = !softd3d9_renderer_create(WIDTH, HEIGHT, &r9, err, sizeof(err));
    if (!have_r9)
        fprintf(stderr, "softd3d-profile: %s\n", err);
    /* the tessellation scene goes through an 11_0 device (softd3d_tess.c) */
    struct bench_renderer rt;
    bool have_rt = !softd3d_tess_renderer_create(WIDTH, HEIGHT, &rt, err, sizeof(err));
    if (!have_rt)
        fprintf(stderr, "softd3d-profile: %s\n", err);
    uint8_t *image = malloc((size_t)WIDTH * HEIGHT * 4);
    int status = 0;
    for (int k = 0; k < BENCH_SCENE_COUNT && image; k++) {
        if (any && !want[k])
            continue;
        struct bench_scene s;
        if (bench_scene_build((enum bench_scene_id)k, WIDTH, HEIGHT, &s)) {
            fprintf(stderr, "softd3d-profile: out of memory\n");
            status = 1;
            break;
        }
        bool tess = s.program == BENCH_PROGRAM_TESS || s.program == BENCH_PROGRAM_COMPUTE;
        const struct bench_renderer *use = tess ? &rt : s.d3d9 ? &r9 : &r;
        bool have = tess ? have_rt : !s.d3d9 || have_r9;
        int bad = !have || use->prepare(use->self, &s, err, sizeof(err)) ||
                  use->frame(use->self, &s);
        double t0 = now(), c0 = cpu_now();
        for (int f = 0; f < frames && !bad; f++)
            bad = use->frame(use->self, &s);
        double t = now() - t0, ct = cpu_now() - c0;
        bad = bad || use->read(use->self, image);
        if (have)
            use->release(use->self);
        if (bad) {
            printf("%-10s failed\n", s.name);
            status = 1;
        } else {
            printf("%-10s %10.3f ms/frame %9.2f %s   cpu %10.3f ms/frame   fnv %016llx\n", s.name,
                   t * 1e3 / frames, s.work * frames / t / 1e6, s.unit, ct * 1e3 / frames,
                   (unsigned long long)fnv64(image, (size_t)WIDTH * HEIGHT * 4));
        }
        fflush(stdout);
        bench_scene_free(&s);
    }
    free(image);
    r.destroy(r.self);
    if (have_r9)
        r9.destroy(r9.self);
    if (have_rt)
        rt.destroy(rt.self);
    return status;
}
