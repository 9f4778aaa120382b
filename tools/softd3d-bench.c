/* softd3d-bench — what `make bench` runs: softd3d against Mesa llvmpipe, scene by scene.
 *
 *   softd3d-bench [--json] [--threads N] [--frames N] [--scene NAME] [--out DIR] [--no-llvmpipe]
 *
 * The scenes (bench/scenes.h: 1920x1080 RGBA8 + D24S8, every frame starts with a clear):
 *   clear      (a) the clear alone
 *   flat       (b) 8 full-screen quads, flat colour
 *   textured   (c) 8 full-screen quads, a 256x256 mipmapped texture, trilinear, x vertex colour
 *   blended    (d) as (c) with alpha blending
 *   triangles  (e) 1,000,000 triangles of 8-16 px, 4x4 transform, vertex colour, depth test
 *   lit        (f) Direct3D 9 fixed function: a 100,000-triangle indexed grid mesh, one
 *                  directional light + ambient, material, depth test
 *   light      (g) 8 full-screen quads of per-pixel lighting (2 textures, 2 point lights,
 *                  Blinn-Phong, fog; 59 SM4 instructions)
 *   alu        (h) 8 full-screen quads of a 64-instruction ALU shader, no texture
 *   tex4       (i) 8 full-screen quads, a 4-tap bilinear blur
 *   skin       (j) 500,000 skinned triangles (4 bones a vertex), depth test
 *   d3d9_flat  (k) Direct3D 9: 8 full-screen XYZRHW | DIFFUSE quads, DrawPrimitiveUP
 *   d3d9_tex   (l) as (k), trilinear mipmapped texture MODULATE diffuse
 *   d3d9_blend (m) as (l), alpha blended
 *   d3d9_ff    (n) Direct3D 9: 1,000,000 triangles from a vertex buffer through the
 *                  fixed-function vertex pipeline, depth test
 *   tess       (o) tessellation: 576 quad patches, fractional_odd factors 12.6, a lit height
 *                  field per domain point (softd3d: hs_5_0/ds_5_0 on an 11_0 device,
 *                  bench/softd3d_tess.c; llvmpipe: GLSL 4.00 tessellation shaders in a 4.x
 *                  core context, bench/llvmpipe_glsl.c)
 *   d3d9_ui    (p) Direct3D 9: 2,000 small textured, blended quads a frame, a
 *                  DrawPrimitiveUP each (what a UI library draws)
 * Each of (a)-(e) is drawn through softd3d (the public D3D11 API at feature level 9_3, shaders
 * written in assembly and assembled by the project's assembler: bench/softd3d_scenes.c), (f)
 * and (k)-(n) through softd3d's IDirect3DDevice9 fixed-function pipeline
 * (bench/softd3d9_scene.c; llvmpipe draws (f) with GL lighting, glLight/glMaterial), and, in the
 * same run, through Mesa llvmpipe (OSMesa, fixed-function OpenGL with the same vertices,
 * texture, states and resolution: bench/llvmpipe.c), with the same thread count: --threads N,
 * else SOFTD3D_THREADS, else the CPU count; softd3d gets SOFTD3D_THREADS=N, llvmpipe
 * LP_NUM_THREADS=N.  (g)-(j) run vs/ps_4_0_level_9_3 programs on softd3d's 9_3 device and the
 * same programs in GLSL on llvmpipe, in an OpenGL 3.3 core context (bench/shaders_real.c,
 * bench/llvmpipe_glsl.c).
 *
 * Per renderer and scene: one warm-up frame, then --frames N (5) frames timed with the same work
 * each; a frame ends when its last pixel is written (D3D11: an event query signalled; GL:
 * glFinish).  The rate is work x N / time: pixels (clear: W*H; quads: 8*W*H) or triangles.
 *
 * Before any speed is printed the two final images are compared (bench_compare, scenes.h): they
 * match when >= 99.9% of pixels have every RGBA channel within 2, the mean absolute channel
 * difference is < 0.75 and no channel is biased (|mean signed difference| < 0.25).  The
 * geometry keeps pixel centres off every edge, so rasterization rules cannot differ; what is
 * left is rounding of interpolation, filtering, modulation and blending (measured values and the
 * reasons: scenes.h).  An empty frame or a wrong state fails the comparison.
 * A scene whose images do not match prints why instead of its speed.  The images are written to
 * DIR/bench_<scene>_softd3d.png and DIR/bench_<scene>_llvmpipe.png (DIR: --out, default out).
 * Without libOSMesa the line "llvmpipe: not available (install libosmesa6)" is printed and
 * softd3d is reported alone (unverified); --no-llvmpipe does the same on purpose (for sanitizer
 * runs: Mesa's own allocations would otherwise show as leaks).
 *
 * OUTPUT, one line per scene:
 *   clear      softd3d 1234.5 Mpix/s  llvmpipe 2345.6 Mpix/s  ratio 0.53  cpu ratio 0.61  (match: ...)
 * ratio = softd3d / llvmpipe (above 1: softd3d is faster).  cpu ratio = llvmpipe's process CPU
 * time over its timed frames / softd3d's over the same work (above 1: softd3d spends less CPU):
 * on a machine shared with other work, wall-clock rates follow whatever else runs, while CPU
 * time mostly does not, so this is the ratio to compare between runs there; on an idle machine
 * the two agree when both renderers keep every thread busy.  Then, as extra lines, the cost of
 * device creation through both APIs and the speed of shader decoding (bench/decode.c).
 *
 * --json: one object,
 *   {"width": 1920, "height": 1080, "threads": 2, "frames": 5,
 *    "tolerance": {"channel": 2, "fraction": 0.999, "mean": 0.75, "bias": 0.25},
 *    "softd3d": "description", "llvmpipe": "description" | null,
 *    "llvmpipe_glsl": "description of the core context (scenes light..skin)" | null,
 *    "scenes": [{"name": "clear", "title": "...", "unit": "Mpix/s", "work_per_frame": 2073600,
 *                "softd3d": {"rate": 1234.5, "ms_per_frame": 1.68, "cpu_ms_per_frame": 3.1}
 *                           | null,
 *                "llvmpipe": {...} | null,
 *                "ratio": 0.53 | null, "cpu_ratio": 0.61 | null,
 *                "match": {"ok": true, "max_diff": 0, "fraction_within": 1.0, "mean": 0.0,
 *                          "bias": [r, g, b, a]} | null,
 *                "error": "why no speed is reported" | null}, ...],
 *    "cases": [{"case": "d3d11_create_device", "iterations": N, "us_each": T}, ...,
 *              {"case": "decode_dxbc_sm4_4kb", "bytes": N, "us_per_decode": T}, ...]}
 * "rate" is in the scene's unit; "softd3d"/"llvmpipe" are null when that renderer failed or is
 * missing; a scene whose images do not match has "ratio" and both "rate"s null and an "error".
 * Exit status: 0, or 1 when a scene failed or did not match, 2 for bad arguments.
 */
#define COBJMACROS
#include "jit/jit.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "d3d11.h"
#include "d3d9.h"

#include "util/png.h"

#include "decode.h"
#include "renderer.h"
#include "scenes.h"

#define WIDTH 1920
#define HEIGHT 1080

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the whole process (every thread: the renderer's workers included) */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int json;

/* ---- the scenes ------------------------------------------------------------------------------ */

struct run {
    bool ok;
    double seconds;            /* the timed frames */
    double cpu_seconds;        /* the process's CPU time over them */
    double rate;               /* millions of work units per second */
    char err[256];
};

/* prepare, warm-up, timed frames, read-back, release */
static void run_scene(const struct bench_renderer *r, const struct bench_scene *s, int frames,
                      uint8_t *image, struct run *out)
{
    memset(out, 0, sizeof(*out));
    if (r->prepare(r->self, s, out->err, sizeof(out->err))) {
        r->release(r->self);
        return;
    }
    if (r->frame(r->self, s)) {
        snprintf(out->err, sizeof(out->err), "the warm-up frame failed");
        r->release(r->self);
        return;
    }
    double t0 = now(), c0 = cpu_now();
    for (int f = 0; f < frames; f++)
        if (r->frame(r->self, s)) {
            snprintf(out->err, sizeof(out->err), "frame %d failed", f + 1);
            r->release(r->self);
            return;
        }
    out->seconds = now() - t0;
    out->cpu_seconds = cpu_now() - c0;
    if (r->read(r->self, image)) {
        snprintf(out->err, sizeof(out->err), "read-back failed");
        r->release(r->self);
        return;
    }
    r->release(r->self);
    out->rate = s->work * frames / out->seconds / 1e6;
    out->ok = true;
}

static void save_png(const char *dir, const struct bench_scene *s, const char *who,
                     const uint8_t *image)
{
    char path[4096];
    snprintf(path, sizeof(path), "%s/bench_%s_%s.png", dir, s->name, who);
    if (util_png_write(path, image, s->width, s->height, (size_t)s->width * 4, 4))
        fprintf(stderr, "softd3d-bench: cannot write %s: %s\n", path, strerror(errno));
}

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            printf("\\u%04x", *s);
        else
            putchar(*s);
    }
    putchar('"');
}

static void json_run(const struct run *r, int frames)
{
    if (!r || !r->ok)
        printf("null");
    else
        printf("{\"rate\": %.3f, \"ms_per_frame\": %.3f, \"cpu_ms_per_frame\": %.3f}", r->rate,
               r->seconds * 1e3 / frames, r->cpu_seconds * 1e3 / frames);
}

/* ---- device creation (the benchmark's first cases, kept as extra lines) -------------------- */

static int first_case = 1;

static void report_case(const char *name, double seconds, long iterations)
{
    double each_us = seconds / (double)iterations * 1e6;
    if (json)
        printf("%s\n    {\"case\": \"%s\", \"iterations\": %ld, \"us_each\": %.3f}",
               first_case ? "" : ",", name, iterations, each_us);
    else
        printf("%-22s %12.0f per second  (%.3f us each)\n", name,
               (double)iterations / seconds, each_us);
    first_case = 0;
}

static void bench_d3d11_create(void)
{
    long n = 0;
    double t0 = now(), t;
    do {
        ID3D11Device *dev = NULL;
        if (FAILED(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                     D3D11_SDK_VERSION, &dev, NULL, NULL)))
            return;
        ID3D11Device_Release(dev);
        n++;
    } while ((t = now() - t0) < 0.3);
    report_case("d3d11_create_device", t, n);
}

static void bench_d3d9_create(void)
{
    long n = 0;
    double t0 = now(), t;
    do {
        IDirect3D9 *d3d = Direct3DCreate9(D3D_SDK_VERSION);
        IDirect3DDevice9 *dev = NULL;
        D3DPRESENT_PARAMETERS pp;
        memset(&pp, 0, sizeof(pp));
        pp.Windowed = TRUE;
        pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
        pp.BackBufferWidth = 64;
        pp.BackBufferHeight = 64;
        if (!d3d)
            return;
        if (FAILED(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, NULL,
                                           D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev))) {
            IDirect3D9_Release(d3d);
            return;
        }
        IDirect3DDevice9_Release(dev);
        IDirect3D9_Release(d3d);
        n++;
    } while ((t = now() - t0) < 0.3);
    report_case("d3d9_create_device", t, n);
}

/* ---- main ------------------------------------------------------------------------------------ */

static int usage(void)
{
    fprintf(stderr, "usage: softd3d-bench [--json] [--threads N] [--frames N] [--scene NAME] "
                    "[--out DIR] [--no-llvmpipe]\nscenes:");
    for (int k = 0; k < BENCH_SCENE_COUNT; k++)
        fprintf(stderr, " %s", bench_scene_names[k]);
    fprintf(stderr, "\n");
    return 2;
}

static int parse_count(const char *s, long max)
{
    char *end;
    long v = strtol(s, &end, 10);
    return *s && !*end && v >= 1 && v <= max ? (int)v : -1;
}

int main(int argc, char **argv)
{
    int threads = 0, frames = 5, only = -1, failures = 0, use_llvmpipe = 1;
    const char *dir = "out";

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) {
            json = 1;
        } else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
            if ((threads = parse_count(argv[++i], 256)) < 0)
                return usage();
        } else if (!strcmp(argv[i], "--frames") && i + 1 < argc) {
            if ((frames = parse_count(argv[++i], 100000)) < 0)
                return usage();
        } else if (!strcmp(argv[i], "--scene") && i + 1 < argc) {
            i++;
            for (int k = 0; k < BENCH_SCENE_COUNT; k++)
                if (!strcmp(argv[i], bench_scene_names[k]))
                    only = k;
            if (only < 0)
                return usage();
        } else if (!strcmp(argv[i], "--no-llvmpipe")) {
            use_llvmpipe = 0;
        } else if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            dir = argv[++i];
        } else {
            return usage();
        }
    }
    if (!threads) {
        const char *env = getenv("SOFTD3D_THREADS");
        threads = env ? parse_count(env, 256) : -1;
        if (threads < 0) {
            long n = sysconf(_SC_NPROCESSORS_ONLN);
            threads = n >= 1 && n <= 256 ? (int)n : 1;
        }
    }
    /* Equal thread counts (DESIGN.md, performance rules): softd3d reads this when its device
     * creates the thread pool; llvmpipe_renderer_create sets LP_NUM_THREADS. */
    char num[16];
    snprintf(num, sizeof(num), "%d", threads);
    setenv("SOFTD3D_THREADS", num, 1);
    if (mkdir(dir, 0777) && errno != EEXIST)
        fprintf(stderr, "softd3d-bench: cannot create %s: %s\n", dir, strerror(errno));

    char err[256];
    struct bench_renderer sd, lp;
    bool have_sd = !softd3d_renderer_create(WIDTH, HEIGHT, &sd, err, sizeof(err));
    if (!have_sd)
        fprintf(stderr, "softd3d: %s\n", err);
    /* the Direct3D 9 scenes (scene.lit) go through softd3d's IDirect3DDevice9 */
    struct bench_renderer sd9;
    bool have_sd9 = !softd3d9_renderer_create(WIDTH, HEIGHT, &sd9, err, sizeof(err));
    if (!have_sd9)
        fprintf(stderr, "softd3d (Direct3D 9): %s\n", err);
    /* the tessellation scene goes through an 11_0 device with hull and domain shaders */
    struct bench_renderer sdt;
    bool have_sdt = !softd3d_tess_renderer_create(WIDTH, HEIGHT, &sdt, err, sizeof(err));
    if (!have_sdt)
        fprintf(stderr, "softd3d (11_0, tessellation): %s\n", err);
    bool have_lp = false;
    if (use_llvmpipe)
        have_lp = !llvmpipe_renderer_create((unsigned)threads, WIDTH, HEIGHT, &lp, err,
                                            sizeof(err));
    else
        snprintf(err, sizeof(err), "not used (--no-llvmpipe)");
    if (!have_lp)   /* with --json the line goes to stderr, keeping stdout one object */
        fprintf(json ? stderr : stdout, "llvmpipe: %s\n", err);
    /* the programmable scenes (scene.program) go through GLSL in a core context */
    struct bench_renderer lp3;
    bool have_lp3 = false;
    if (have_lp) {
        have_lp3 = !llvmpipe_glsl_renderer_create((unsigned)threads, WIDTH, HEIGHT, &lp3, err,
                                                  sizeof(err));
        if (!have_lp3)
            fprintf(json ? stderr : stdout, "llvmpipe (GLSL): %s\n", err);
    }

    uint8_t *img_sd = malloc((size_t)WIDTH * HEIGHT * 4);
    uint8_t *img_lp = malloc((size_t)WIDTH * HEIGHT * 4);
    if (!img_sd || !img_lp) {
        fprintf(stderr, "softd3d-bench: out of memory\n");
        return 1;
    }

    if (json) {
        printf("{\"width\": %d, \"height\": %d, \"threads\": %d, \"frames\": %d,\n", WIDTH, HEIGHT,
               threads, frames);
        printf(" \"tolerance\": {\"channel\": %d, \"fraction\": %.3f, \"mean\": %.2f, "
               "\"bias\": %.2f},\n",
               BENCH_TOL_CHANNEL, BENCH_TOL_FRACTION, BENCH_TOL_MEAN, BENCH_TOL_BIAS);
        printf(" \"softd3d\": ");
        if (have_sd)
            json_string(sd.description);
        else
            printf("null");
        printf(", \"llvmpipe\": ");
        if (have_lp)
            json_string(lp.description);
        else
            printf("null");
        printf(", \"llvmpipe_glsl\": ");
        if (have_lp3)
            json_string(lp3.description);
        else
            printf("null");
        printf(",\n \"scenes\": [");
    } else {
        printf("softd3d-bench: %dx%d RGBA8 + D24S8, %d threads each, 1 warm-up + %d timed "
               "frames per scene\n", WIDTH, HEIGHT, threads, frames);
        printf("  softd3d:  %s\n", have_sd ? sd.description : "failed");
        printf("  softd3d (Direct3D 9 scenes): %s\n", have_sd9 ? sd9.description : "failed");
        printf("  llvmpipe: %s\n", have_lp ? lp.description : "not available");
        printf("  llvmpipe (GLSL scenes): %s\n", have_lp3 ? lp3.description : "not available");
        printf("  images must match: >= %.1f%% of pixels within %d per channel, mean "
               "difference < %.2f, |bias| < %.2f per channel; ratio = softd3d / llvmpipe\n",
               BENCH_TOL_FRACTION * 100, BENCH_TOL_CHANNEL, BENCH_TOL_MEAN, BENCH_TOL_BIAS);
    }
    fflush(stdout);

    int first_scene = 1;
    for (int id = 0; id < BENCH_SCENE_COUNT; id++) {
        if (only >= 0 && id != only)
            continue;
        struct bench_scene s;
        struct run rs = {0}, rl = {0};
        struct bench_diff diff;
        bool compared = false;
        char why[320] = "";
        if (bench_scene_build((enum bench_scene_id)id, WIDTH, HEIGHT, &s)) {
            fprintf(stderr, "softd3d-bench: out of memory building %s\n", bench_scene_names[id]);
            bench_scene_free(&s);
            failures++;
            continue;
        }
        bool tess = s.program == BENCH_PROGRAM_TESS || s.program == BENCH_PROGRAM_COMPUTE;
        const struct bench_renderer *mine = tess ? &sdt : s.d3d9 ? &sd9 : &sd;
        const struct bench_renderer *peer = s.program != BENCH_PROGRAM_FIXED ? &lp3 : &lp;
        bool have_peer = s.program != BENCH_PROGRAM_FIXED ? have_lp3 : have_lp;
        if (tess ? have_sdt : s.d3d9 ? have_sd9 : have_sd) {
            run_scene(mine, &s, frames, img_sd, &rs);
            if (rs.ok)
                save_png(dir, &s, "softd3d", img_sd);
            else
                snprintf(why, sizeof(why), "softd3d: %s", rs.err);
        } else {
            snprintf(why, sizeof(why), "softd3d: not available");
        }
        if (have_peer) {
            run_scene(peer, &s, frames, img_lp, &rl);
            if (rl.ok)
                save_png(dir, &s, "llvmpipe", img_lp);
            else if (!why[0])
                snprintf(why, sizeof(why), "llvmpipe: %s", rl.err);
        }
        if (rs.ok && rl.ok) {
            bench_compare(img_sd, img_lp, WIDTH, HEIGHT, &diff);
            compared = true;
            if (!diff.match)
                snprintf(why, sizeof(why),
                         "images differ: %.3f%% of pixels within %d (need %.1f%%), mean %.3f "
                         "(need < %.2f), bias %.2f/%.2f/%.2f/%.2f (need |b| < %.2f), max %u, "
                         "first bad pixel (%d,%d); see %s/bench_%s_*.png",
                         diff.fraction_within * 100, BENCH_TOL_CHANNEL,
                         BENCH_TOL_FRACTION * 100, diff.mean, BENCH_TOL_MEAN, diff.bias[0],
                         diff.bias[1], diff.bias[2], diff.bias[3], BENCH_TOL_BIAS,
                         diff.max_diff, diff.first_x, diff.first_y, dir, s.name);
        }
        bool show = rs.ok && (!have_peer || (rl.ok && compared && diff.match));
        if (!show)
            failures++;

        if (json) {
            printf("%s\n  {\"name\": \"%s\", \"title\": ", first_scene ? "" : ",", s.name);
            json_string(s.title);
            printf(", \"unit\": \"%s\", \"work_per_frame\": %.0f,\n   \"softd3d\": ", s.unit,
                   s.work);
            json_run(show ? &rs : NULL, frames);
            printf(", \"llvmpipe\": ");
            json_run(show ? &rl : NULL, frames);
            if (show && rl.ok)
                printf(", \"ratio\": %.4f, \"cpu_ratio\": %.4f", rs.rate / rl.rate,
                       rl.cpu_seconds / rs.cpu_seconds);
            else
                printf(", \"ratio\": null, \"cpu_ratio\": null");
            if (compared)
                printf(",\n   \"match\": {\"ok\": %s, \"max_diff\": %u, \"fraction_within\": "
                       "%.6f, \"mean\": %.4f, \"bias\": [%.4f, %.4f, %.4f, %.4f]}",
                       diff.match ? "true" : "false", diff.max_diff, diff.fraction_within,
                       diff.mean, diff.bias[0], diff.bias[1], diff.bias[2], diff.bias[3]);
            else
                printf(",\n   \"match\": null");
            printf(", \"error\": ");
            if (show)
                printf("null");
            else
                json_string(why);
            printf("}");
        } else if (!show) {
            printf("%-10s no speed reported: %s\n", s.name, why);
        } else if (rl.ok) {
            printf("%-10s softd3d %8.2f %s  llvmpipe %8.2f %s  ratio %.3f  cpu ratio %.3f  "
                   "(match: max %u, %.3f%% within %d, mean %.3f)\n",
                   s.name, rs.rate, s.unit, rl.rate, s.unit, rs.rate / rl.rate,
                   rl.cpu_seconds / rs.cpu_seconds, diff.max_diff,
                   diff.fraction_within * 100, BENCH_TOL_CHANNEL, diff.mean);
        } else {
            printf("%-10s softd3d %8.2f %s  (llvmpipe not available: unverified)\n", s.name,
                   rs.rate, s.unit);
        }
        fflush(stdout);
        first_scene = 0;
        bench_scene_free(&s);
    }

    if (json)
        printf("\n ],\n \"cases\": [");
    bench_d3d11_create();
    bench_d3d9_create();
    failures += bench_decode(json, first_case);   /* bench/decode.c: shader decoding speed */

    /* the JIT's compile times over every program the scenes compiled (src/jit/jit.h) */
    struct jit_stats js;
    jit_get_stats(&js);
    unsigned n = js.programs < 256 ? js.programs : 256;
    double sorted[256];
    memcpy(sorted, js.ms, n * sizeof(double));
    for (unsigned i = 1; i < n; i++)
        for (unsigned j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            double t = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
        }
    double median = n ? (n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2) : 0;
    if (json)
        printf("\n ],\n \"jit\": {\"programs\": %u, \"median_ms\": %.2f, \"worst_ms\": %.2f, "
               "\"total_ms\": %.2f}}\n", js.programs, median, js.max_ms, js.total_ms);
    else
        printf("jit_compile  %u programs compiled: median %.1f ms, worst %.1f ms, total %.1f ms "
               "(in the background; batches interpret meanwhile)\n",
               js.programs, median, js.max_ms, js.total_ms);

    if (have_sd)
        sd.destroy(sd.self);
    if (have_sd9)
        sd9.destroy(sd9.self);
    if (have_sdt)
        sdt.destroy(sdt.self);
    if (have_lp3)
        lp3.destroy(lp3.self);
    if (have_lp)
        lp.destroy(lp.self);
    free(img_sd);
    free(img_lp);
    return failures ? 1 : 0;
}
