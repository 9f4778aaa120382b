/* bench/renderer.h — what softd3d-bench asks of each renderer (softd3d_scenes.c, llvmpipe.c).
 *
 *   struct bench_renderer r;
 *   softd3d_renderer_create(w, h, &r, err, sizeof(err))       (or llvmpipe_renderer_create)
 *   for each scene:
 *       r.prepare(r.self, &scene, err, n)   buffers, texture, states — not timed
 *       r.frame(r.self, &scene)             one whole frame: clear, every draw, and a wait until
 *                                           the last pixel is written — the timed unit
 *       r.read(r.self, rgba)                the colour target, RGBA8, top row first, W*4 pitch
 *       r.release(r.self)                   drops what prepare made
 *   r.destroy(r.self)
 * Every int-returning call gives 0 or -1 (then err, or the stderr line, says why). */
#ifndef SOFTD3D_BENCH_RENDERER_H
#define SOFTD3D_BENCH_RENDERER_H

#include <stddef.h>
#include <stdint.h>

#include "scenes.h"

struct bench_renderer {
    const char *name;          /* "softd3d", "llvmpipe" */
    char description[160];     /* e.g. the GL_RENDERER string */
    void *self;
    int (*prepare)(void *self, const struct bench_scene *s, char *err, size_t err_size);
    int (*frame)(void *self, const struct bench_scene *s);
    int (*read)(void *self, uint8_t *rgba);
    void (*release)(void *self);
    void (*destroy)(void *self);
};

/* softd3d through the public D3D11 API: a device at feature level 9_3 (the thread count comes
 * from SOFTD3D_THREADS, which the caller sets first). */
int softd3d_renderer_create(uint32_t width, uint32_t height, struct bench_renderer *out,
                            char *err, size_t err_size);
/* The same with `samples` (1, 2, 4, 8) samples per pixel in the colour and depth targets, each
 * frame resolved into a single-sample texture, which is what is read (softd3d-profile --msaa:
 * the cost of multisampling). */
int softd3d_renderer_create_ms(uint32_t width, uint32_t height, unsigned samples,
                               struct bench_renderer *out, char *err, size_t err_size);

/* softd3d through the public D3D11 API at feature level 11_0 with hull and domain shaders: the
 * tessellation scene (scene->program == BENCH_PROGRAM_TESS) only (bench/softd3d_tess.c). */
int softd3d_tess_renderer_create(uint32_t width, uint32_t height, struct bench_renderer *out,
                                 char *err, size_t err_size);

/* softd3d through the public Direct3D 9 API: a HAL device with hardware vertex processing and
 * a width x height A8R8G8B8 back buffer; it draws the Direct3D 9 scenes (scene->d3d9) only. */
int softd3d9_renderer_create(uint32_t width, uint32_t height, struct bench_renderer *out,
                             char *err, size_t err_size);

/* Mesa llvmpipe through OSMesa, loaded with dlopen (libOSMesa.so.8, then .so.6): -1 with
 * "not available ..." in err when the library is missing.  Sets GALLIUM_DRIVER=llvmpipe and
 * LP_NUM_THREADS=threads before the first context is made. */
int llvmpipe_renderer_create(unsigned threads, uint32_t width, uint32_t height,
                             struct bench_renderer *out, char *err, size_t err_size);

/* Mesa llvmpipe through an OSMesa OpenGL core context (OSMesaCreateContextAttribs: 4.0 when
 * OSMesa makes one, else 3.3), for the programmable scenes (scene->program !=
 * BENCH_PROGRAM_FIXED): their GLSL (shaders_real.h; the tess scene's tessellation shaders,
 * shaders_tess.h, need the 4.0 context), vertex buffers and a vertex array object, into a
 * framebuffer object.  Same loading and thread count as llvmpipe_renderer_create; each
 * prepare makes its context current. */
int llvmpipe_glsl_renderer_create(unsigned threads, uint32_t width, uint32_t height,
                                  struct bench_renderer *out, char *err, size_t err_size);

#endif /* SOFTD3D_BENCH_RENDERER_H */
