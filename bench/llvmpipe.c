/* bench/llvmpipe.c — the benchmark scenes through Mesa llvmpipe, the peer of DESIGN.md's
 * performance rules.
 *
 * OSMesa (Debian: libosmesa6) gives an off-screen OpenGL context on Mesa's gallium drivers; with
 * GALLIUM_DRIVER=llvmpipe that is llvmpipe, with LP_NUM_THREADS rasterizer threads.  The library
 * is loaded with dlopen at run time (libOSMesa.so.8, then .so.6) and every GL entry point comes
 * from OSMesaGetProcAddress, so softd3d has no build-time dependency on Mesa: no GL header is
 * included; the few GL enumerants used are defined below (their values are the OpenGL
 * registry's).
 *
 * The drawing is fixed-function GL 1.x, the same work as the D3D11 side: client-side vertex
 * arrays over the same struct bench_vertex array, the same matrix through glLoadMatrixf (with
 * GL's clip-space z folded in, scenes.h), the same texture with its mip chain uploaded level by
 * level, GL_LINEAR_MIPMAP_LINEAR + GL_REPEAT, GL_MODULATE, blend SRC_ALPHA / ONE_MINUS_SRC_ALPHA,
 * depth GL_LESS.  The lit scene (BENCH_LIT) uses GL's fixed-function lighting instead:
 * GL_LIGHTING with one directional GL_LIGHT0, glMaterial, normal arrays and glDrawElements over
 * the same 16-bit indices softd3d's Direct3D 9 device gets.  It renders into a framebuffer
 * object (RGBA8 + DEPTH24_STENCIL8) so that a frame's glFinish does not include OSMesa's copy
 * of the window buffer into user memory; when the context lacks framebuffer objects it falls
 * back to the OSMesa buffer (and says so in the description).  Read-back: glReadPixels, rows
 * flipped to top first.
 */
#include "renderer.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned int GLenum;
typedef unsigned int GLuint;
typedef unsigned int GLbitfield;
typedef int GLint;
typedef int GLsizei;
typedef unsigned char GLboolean;
typedef float GLfloat;
typedef float GLclampf;
typedef double GLclampd;

#define GL_TRIANGLES 0x0004
#define GL_FRONT_AND_BACK 0x0408
#define GL_LIGHT_MODEL_AMBIENT 0x0B53
#define GL_COLOR_MATERIAL 0x0B57
#define GL_AMBIENT 0x1200
#define GL_DIFFUSE 0x1201
#define GL_SPECULAR 0x1202
#define GL_POSITION 0x1203
#define GL_UNSIGNED_SHORT 0x1403
#define GL_EMISSION 0x1600
#define GL_LIGHT0 0x4000
#define GL_NORMAL_ARRAY 0x8075
#define GL_DEPTH_BUFFER_BIT 0x00000100
#define GL_STENCIL_BUFFER_BIT 0x00000400
#define GL_COLOR_BUFFER_BIT 0x00004000
#define GL_LESS 0x0201
#define GL_SRC_ALPHA 0x0302
#define GL_ONE_MINUS_SRC_ALPHA 0x0303
#define GL_CULL_FACE 0x0B44
#define GL_LIGHTING 0x0B50
#define GL_DEPTH_TEST 0x0B71
#define GL_DITHER 0x0BD0
#define GL_BLEND 0x0BE2
#define GL_UNPACK_ALIGNMENT 0x0CF5
#define GL_PACK_ALIGNMENT 0x0D05
#define GL_TEXTURE_2D 0x0DE1
#define GL_UNSIGNED_BYTE 0x1401
#define GL_FLOAT 0x1406
#define GL_MODELVIEW 0x1700
#define GL_PROJECTION 0x1701
#define GL_RGBA 0x1908
#define GL_SMOOTH 0x1D01
#define GL_RENDERER 0x1F01
#define GL_VERSION 0x1F02
#define GL_MODULATE 0x2100
#define GL_TEXTURE_ENV_MODE 0x2200
#define GL_TEXTURE_ENV 0x2300
#define GL_LINEAR 0x2601
#define GL_LINEAR_MIPMAP_LINEAR 0x2703
#define GL_TEXTURE_MAG_FILTER 0x2800
#define GL_TEXTURE_MIN_FILTER 0x2801
#define GL_TEXTURE_WRAP_S 0x2802
#define GL_TEXTURE_WRAP_T 0x2803
#define GL_REPEAT 0x2901
#define GL_VERTEX_ARRAY 0x8074
#define GL_COLOR_ARRAY 0x8076
#define GL_TEXTURE_COORD_ARRAY 0x8078
#define GL_RGBA8 0x8058
#define GL_TEXTURE_BASE_LEVEL 0x813C
#define GL_TEXTURE_MAX_LEVEL 0x813D
#define GL_DEPTH_STENCIL_ATTACHMENT 0x821A
#define GL_DEPTH24_STENCIL8 0x88F0
#define GL_FRAMEBUFFER_COMPLETE 0x8CD5
#define GL_COLOR_ATTACHMENT0 0x8CE0
#define GL_FRAMEBUFFER 0x8D40
#define GL_RENDERBUFFER 0x8D41

#define OSMESA_RGBA GL_RGBA

typedef void *OSMesaContext;
typedef void (*osmesa_proc)(void);

/* The entry points, loaded by name: the table drives both the loading and the declarations. */
#define GL_FUNCS(X)                                                                        \
    X(void, glViewport, (GLint, GLint, GLsizei, GLsizei))                                 \
    X(void, glClearColor, (GLclampf, GLclampf, GLclampf, GLclampf))                       \
    X(void, glClearDepth, (GLclampd))                                                     \
    X(void, glClearStencil, (GLint))                                                      \
    X(void, glClear, (GLbitfield))                                                        \
    X(void, glEnable, (GLenum))                                                           \
    X(void, glDisable, (GLenum))                                                          \
    X(void, glDepthFunc, (GLenum))                                                        \
    X(void, glDepthMask, (GLboolean))                                                     \
    X(void, glBlendFunc, (GLenum, GLenum))                                                \
    X(void, glShadeModel, (GLenum))                                                       \
    X(void, glMatrixMode, (GLenum))                                                       \
    X(void, glLoadMatrixf, (const GLfloat *))                                             \
    X(void, glLoadIdentity, (void))                                                       \
    X(void, glEnableClientState, (GLenum))                                                \
    X(void, glDisableClientState, (GLenum))                                               \
    X(void, glVertexPointer, (GLint, GLenum, GLsizei, const void *))                      \
    X(void, glColorPointer, (GLint, GLenum, GLsizei, const void *))                       \
    X(void, glTexCoordPointer, (GLint, GLenum, GLsizei, const void *))                    \
    X(void, glDrawArrays, (GLenum, GLint, GLsizei))                                       \
    X(void, glDrawElements, (GLenum, GLsizei, GLenum, const void *))                      \
    X(void, glNormalPointer, (GLenum, GLsizei, const void *))                             \
    X(void, glLightfv, (GLenum, GLenum, const GLfloat *))                                 \
    X(void, glLightModelfv, (GLenum, const GLfloat *))                                    \
    X(void, glMaterialfv, (GLenum, GLenum, const GLfloat *))                              \
    X(void, glGenTextures, (GLsizei, GLuint *))                                           \
    X(void, glDeleteTextures, (GLsizei, const GLuint *))                                  \
    X(void, glBindTexture, (GLenum, GLuint))                                              \
    X(void, glTexImage2D, (GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum, GLenum, \
                           const void *))                                                 \
    X(void, glTexParameteri, (GLenum, GLenum, GLint))                                     \
    X(void, glTexEnvi, (GLenum, GLenum, GLint))                                           \
    X(void, glPixelStorei, (GLenum, GLint))                                               \
    X(void, glReadPixels, (GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, void *))       \
    X(void, glFinish, (void))                                                             \
    X(GLenum, glGetError, (void))                                                         \
    X(const unsigned char *, glGetString, (GLenum))

#define FBO_FUNCS(X)                                                                       \
    X(void, glGenFramebuffers, (GLsizei, GLuint *))                                       \
    X(void, glDeleteFramebuffers, (GLsizei, const GLuint *))                              \
    X(void, glBindFramebuffer, (GLenum, GLuint))                                          \
    X(void, glGenRenderbuffers, (GLsizei, GLuint *))                                      \
    X(void, glDeleteRenderbuffers, (GLsizei, const GLuint *))                             \
    X(void, glBindRenderbuffer, (GLenum, GLuint))                                         \
    X(void, glRenderbufferStorage, (GLenum, GLenum, GLsizei, GLsizei))                    \
    X(void, glFramebufferRenderbuffer, (GLenum, GLenum, GLenum, GLuint))                  \
    X(GLenum, glCheckFramebufferStatus, (GLenum))

struct gl {
#define DECLARE(ret, name, args) ret(*name) args;
    GL_FUNCS(DECLARE)
    FBO_FUNCS(DECLARE)
#undef DECLARE
};

struct lp {
    uint32_t width, height;
    void *lib;
    OSMesaContext (*CreateContextExt)(GLenum, GLint, GLint, GLint, OSMesaContext);
    GLboolean (*MakeCurrent)(OSMesaContext, void *, GLenum, GLsizei, GLsizei);
    void (*DestroyContext)(OSMesaContext);
    osmesa_proc (*GetProcAddress)(const char *);
    OSMesaContext ctx;
    uint8_t *buffer;           /* the OSMesa colour buffer (W*H*4) */
    uint8_t *rows;             /* read-back scratch */
    struct gl gl;
    bool fbo;
    GLuint framebuffer, color_rb, depth_rb;
    GLuint texture;            /* per scene */
};

static void lp_release(void *self)
{
    struct lp *b = self;
    if (b->texture) {
        b->gl.glDeleteTextures(1, &b->texture);
        b->texture = 0;
    }
    b->gl.glDisable(GL_LIGHTING);
    b->gl.glDisable(GL_LIGHT0);
    b->gl.glDisableClientState(GL_NORMAL_ARRAY);
}

static int lp_prepare(void *self, const struct bench_scene *s, char *err, size_t n)
{
    struct lp *b = self;
    const struct gl *gl = &b->gl;
    float m[16];

    /* llvmpipe_glsl.c's core context may be current: make this one current (untimed) */
    if (!b->MakeCurrent(b->ctx, b->buffer, GL_UNSIGNED_BYTE, (GLsizei)b->width,
                        (GLsizei)b->height)) {
        snprintf(err, n, "OSMesaMakeCurrent failed");
        return -1;
    }
    gl->glViewport(0, 0, (GLsizei)s->width, (GLsizei)s->height);
    gl->glDisable(GL_DITHER);
    gl->glDisable(GL_LIGHTING);
    gl->glDisable(GL_CULL_FACE);
    gl->glShadeModel(GL_SMOOTH);
    gl->glMatrixMode(GL_PROJECTION);
    bench_gl_matrix(s, m);
    gl->glLoadMatrixf(m);
    gl->glMatrixMode(GL_MODELVIEW);
    gl->glLoadIdentity();
    gl->glClearColor(s->clear_color[0], s->clear_color[1], s->clear_color[2], s->clear_color[3]);
    gl->glClearDepth(s->clear_depth);
    gl->glClearStencil(0);

    if (s->depth_test) {
        gl->glEnable(GL_DEPTH_TEST);
        gl->glDepthFunc(GL_LESS);
        gl->glDepthMask(1);
    } else {
        gl->glDisable(GL_DEPTH_TEST);
        gl->glDepthMask(0);
    }
    if (s->blend) {
        gl->glEnable(GL_BLEND);
        gl->glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    } else {
        gl->glDisable(GL_BLEND);
    }

    if (s->textured) {
        gl->glGenTextures(1, &b->texture);
        gl->glBindTexture(GL_TEXTURE_2D, b->texture);
        gl->glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        for (int l = 0; l < BENCH_TEX_LEVELS; l++)
            gl->glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, BENCH_TEX_SIZE >> l,
                             BENCH_TEX_SIZE >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE, s->tex_level[l]);
        gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
        gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, BENCH_TEX_LEVELS - 1);
        gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
        gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
        gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
        gl->glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
        gl->glEnable(GL_TEXTURE_2D);
    } else {
        gl->glDisable(GL_TEXTURE_2D);
    }

    if (s->lit) {
        /* scenes.h, struct bench_lighting: the light is placed with the identity modelview, so
         * GL_POSITION is in the same space as the vertices and normals; no specular, no
         * emission, no colour material, one-sided lighting (the front material everywhere). */
        const struct bench_lighting *l = &s->lighting;
        const GLfloat pos[4] = {l->to_light[0], l->to_light[1], l->to_light[2], 0.0f};
        const GLfloat zero[4] = {0, 0, 0, 1};
        const struct bench_lit_vertex *v = s->lit_vertices;
        const GLsizei stride = sizeof(struct bench_lit_vertex);
        gl->glEnable(GL_LIGHTING);
        gl->glDisable(GL_COLOR_MATERIAL);
        gl->glEnable(GL_LIGHT0);
        gl->glLightfv(GL_LIGHT0, GL_POSITION, pos);
        gl->glLightfv(GL_LIGHT0, GL_DIFFUSE, l->light_diffuse);
        gl->glLightfv(GL_LIGHT0, GL_AMBIENT, l->light_ambient);
        gl->glLightfv(GL_LIGHT0, GL_SPECULAR, zero);
        gl->glLightModelfv(GL_LIGHT_MODEL_AMBIENT, l->global_ambient);
        gl->glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, l->material_ambient);
        gl->glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, l->material_diffuse);
        gl->glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, zero);
        gl->glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, zero);
        gl->glEnableClientState(GL_VERTEX_ARRAY);
        gl->glVertexPointer(3, GL_FLOAT, stride, v->pos);
        gl->glEnableClientState(GL_NORMAL_ARRAY);
        gl->glNormalPointer(GL_FLOAT, stride, v->normal);
        gl->glDisableClientState(GL_COLOR_ARRAY);
        gl->glDisableClientState(GL_TEXTURE_COORD_ARRAY);
    } else if (s->vertex_count) {
        const struct bench_vertex *v = s->vertices;
        const GLsizei stride = sizeof(struct bench_vertex);
        gl->glEnableClientState(GL_VERTEX_ARRAY);
        gl->glVertexPointer(3, GL_FLOAT, stride, v->pos);
        gl->glEnableClientState(GL_COLOR_ARRAY);
        gl->glColorPointer(4, GL_UNSIGNED_BYTE, stride, v->color);
        if (s->textured) {
            gl->glEnableClientState(GL_TEXTURE_COORD_ARRAY);
            gl->glTexCoordPointer(2, GL_FLOAT, stride, v->uv);
        } else {
            gl->glDisableClientState(GL_TEXTURE_COORD_ARRAY);
        }
    }
    GLenum e = gl->glGetError();
    if (e) {
        snprintf(err, n, "GL error 0x%x while preparing scene %s", e, s->name);
        return -1;
    }
    return 0;
}

static int lp_frame(void *self, const struct bench_scene *s)
{
    struct lp *b = self;
    const struct gl *gl = &b->gl;
    /* glClear honours the depth mask: open it for the clear, as D3D's clear ignores state */
    gl->glDepthMask(1);
    gl->glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    gl->glDepthMask(s->depth_test ? 1 : 0);
    for (uint32_t d = 0; d < s->draw_count; d++)
        gl->glDrawArrays(GL_TRIANGLES, (GLint)s->draws[d].first, (GLsizei)s->draws[d].count);
    if (s->lit)
        gl->glDrawElements(GL_TRIANGLES, (GLsizei)s->index_count, GL_UNSIGNED_SHORT, s->indices);
    gl->glFinish();
    return gl->glGetError() ? -1 : 0;
}

static int lp_read(void *self, uint8_t *rgba)
{
    struct lp *b = self;
    const size_t pitch = (size_t)b->width * 4;
    b->gl.glPixelStorei(GL_PACK_ALIGNMENT, 1);
    b->gl.glReadPixels(0, 0, (GLsizei)b->width, (GLsizei)b->height, GL_RGBA, GL_UNSIGNED_BYTE,
                       b->rows);
    if (b->gl.glGetError())
        return -1;
    for (uint32_t y = 0; y < b->height; y++)   /* GL rows run bottom-up */
        memcpy(rgba + (size_t)y * pitch, b->rows + (size_t)(b->height - 1 - y) * pitch, pitch);
    return 0;
}

static void lp_destroy(void *self)
{
    struct lp *b = self;
    if (!b)
        return;
    if (b->ctx) {
        lp_release(b);
        if (b->fbo) {
            b->gl.glBindFramebuffer(GL_FRAMEBUFFER, 0);
            b->gl.glDeleteFramebuffers(1, &b->framebuffer);
            b->gl.glDeleteRenderbuffers(1, &b->color_rb);
            b->gl.glDeleteRenderbuffers(1, &b->depth_rb);
        }
        b->DestroyContext(b->ctx);
    }
    if (b->lib)
        dlclose(b->lib);
    free(b->buffer);
    free(b->rows);
    free(b);
}

/* Framebuffer objects, core names first, then the EXT ones (same signatures and enumerants). */
static bool load_fbo(struct lp *b)
{
#define LOAD_FBO(ret, name, args)                                                      \
    b->gl.name = (ret(*) args)b->GetProcAddress(#name);                               \
    if (!b->gl.name)                                                                   \
        b->gl.name = (ret(*) args)b->GetProcAddress(#name "EXT");                     \
    if (!b->gl.name)                                                                   \
        return false;
    FBO_FUNCS(LOAD_FBO)
#undef LOAD_FBO
    return true;
}

static void make_fbo(struct lp *b)
{
    const struct gl *gl = &b->gl;
    if (!load_fbo(b))
        return;
    gl->glGenFramebuffers(1, &b->framebuffer);
    gl->glGenRenderbuffers(1, &b->color_rb);
    gl->glGenRenderbuffers(1, &b->depth_rb);
    gl->glBindRenderbuffer(GL_RENDERBUFFER, b->color_rb);
    gl->glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, (GLsizei)b->width, (GLsizei)b->height);
    gl->glBindRenderbuffer(GL_RENDERBUFFER, b->depth_rb);
    gl->glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, (GLsizei)b->width,
                              (GLsizei)b->height);
    gl->glBindFramebuffer(GL_FRAMEBUFFER, b->framebuffer);
    gl->glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                  b->color_rb);
    gl->glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                  b->depth_rb);
    if (gl->glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE &&
        !gl->glGetError()) {
        b->fbo = true;
        return;
    }
    gl->glBindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->glDeleteFramebuffers(1, &b->framebuffer);
    gl->glDeleteRenderbuffers(1, &b->color_rb);
    gl->glDeleteRenderbuffers(1, &b->depth_rb);
    (void)gl->glGetError();
}

int llvmpipe_renderer_create(unsigned threads, uint32_t width, uint32_t height,
                             struct bench_renderer *out, char *err, size_t n)
{
    static const char *const libs[] = {"libOSMesa.so.8", "libOSMesa.so.6"};
    struct lp *b = calloc(1, sizeof(*b));
    char num[16];
    memset(out, 0, sizeof(*out));
    if (!b) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    b->width = width;
    b->height = height;
    for (size_t i = 0; i < sizeof(libs) / sizeof(libs[0]) && !b->lib; i++)
        b->lib = dlopen(libs[i], RTLD_NOW | RTLD_LOCAL);
    if (!b->lib) {
        snprintf(err, n, "not available (install libosmesa6)");
        goto failed;
    }
    /* POSIX dlsym returns an object pointer; converting it to a function pointer is what
     * dlsym is for (POSIX.1-2008, dlsym rationale). */
#define SYM(field, name)                                                \
    do {                                                                \
        void *p = dlsym(b->lib, name);                                  \
        memcpy(&b->field, &p, sizeof(p));                               \
        if (!b->field) {                                                \
            snprintf(err, n, "not available (%s lacks %s)", "libOSMesa", name); \
            goto failed;                                                \
        }                                                               \
    } while (0)
    SYM(CreateContextExt, "OSMesaCreateContextExt");
    SYM(MakeCurrent, "OSMesaMakeCurrent");
    SYM(DestroyContext, "OSMesaDestroyContext");
    SYM(GetProcAddress, "OSMesaGetProcAddress");
#undef SYM

    /* llvmpipe reads both when its screen is created, i.e. with the first context. */
    snprintf(num, sizeof(num), "%u", threads);
    setenv("GALLIUM_DRIVER", "llvmpipe", 1);
    setenv("LP_NUM_THREADS", num, 1);

    b->buffer = calloc((size_t)width * height, 4);
    b->rows = malloc((size_t)width * height * 4);
    if (!b->buffer || !b->rows) {
        snprintf(err, n, "out of memory");
        goto failed;
    }
    b->ctx = b->CreateContextExt(OSMESA_RGBA, 24, 8, 0, NULL);
    if (!b->ctx) {
        snprintf(err, n, "not available (OSMesaCreateContextExt failed)");
        goto failed;
    }
    if (!b->MakeCurrent(b->ctx, b->buffer, GL_UNSIGNED_BYTE, (GLsizei)width, (GLsizei)height)) {
        snprintf(err, n, "not available (OSMesaMakeCurrent failed)");
        goto failed;
    }
#define LOAD(ret, name, args)                                                          \
    b->gl.name = (ret(*) args)b->GetProcAddress(#name);                               \
    if (!b->gl.name) {                                                                 \
        snprintf(err, n, "not available (no %s)", #name);                             \
        goto failed;                                                                   \
    }
    GL_FUNCS(LOAD)
#undef LOAD
    make_fbo(b);

    const char *renderer = (const char *)b->gl.glGetString(GL_RENDERER);
    const char *version = (const char *)b->gl.glGetString(GL_VERSION);
    if (!renderer || !strstr(renderer, "llvmpipe")) {
        snprintf(err, n, "not available (OSMesa renders with \"%s\", not llvmpipe)",
                 renderer ? renderer : "?");
        goto failed;
    }
    out->name = "llvmpipe";
    snprintf(out->description, sizeof(out->description), "%s, OpenGL %s%s", renderer,
             version ? version : "?", b->fbo ? "" : ", no FBO: frames include OSMesa's copy");
    out->self = b;
    out->prepare = lp_prepare;
    out->frame = lp_frame;
    out->read = lp_read;
    out->release = lp_release;
    out->destroy = lp_destroy;
    return 0;

failed:
    lp_destroy(b);
    return -1;
}
