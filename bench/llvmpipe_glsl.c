/* bench/llvmpipe_glsl.c — the programmable scenes (scenes.h: light, alu, tex4, skin) through
 * Mesa llvmpipe, as a GL 3.3 application would draw them.
 *
 * Like llvmpipe.c, libOSMesa is loaded with dlopen at run time and every GL entry point comes
 * from OSMesaGetProcAddress; no Mesa or GL header is included, the few enumerants are defined
 * below with the OpenGL registry's values, the OSMesa attribute names with those of OSMesa's
 * documented interface (OSMesaCreateContextAttribs, Mesa 11.2 and later).  The context is an
 * OpenGL core profile one -- 4.0 when OSMesa makes it (llvmpipe offers 4.5), for the tess
 * scene's tessellation control and evaluation shaders (GL_PATCHES of 4 vertices), else 3.3 --
 * so everything goes through the programmable pipeline:
 *   - the GLSL of shaders_real.h, compiled and linked in prepare;
 *   - the scene's vertices in a static vertex buffer (GL_STATIC_DRAW) behind a vertex array
 *     object, attribute locations 0.. in struct order (normalised bytes for colours and bone
 *     indices, as the D3D11 side's R8G8B8A8_UNORM);
 *   - u_matrix = bench_gl_matrix() (GL's clip z folded in, scenes.h), the scene's constants as
 *     uniform vec4 c[] or bones[];
 *   - textures uploaded level by level, GL_LINEAR_MIPMAP_LINEAR + GL_REPEAT (tex4: level 0 alone,
 *     GL_LINEAR, as the D3D11 side's MIN_MAG_LINEAR_MIP_POINT on a one-level texture);
 *   - a framebuffer object RGBA8 + DEPTH24_STENCIL8 (core GL has them), so a frame's glFinish
 *     does not include OSMesa's copy out of the window buffer.
 * A frame: clear colour + depth + stencil, one glDrawArrays per scene draw, glFinish.
 * Read-back: glReadPixels from the framebuffer object, rows flipped to top first.
 *
 * This context and llvmpipe.c's compatibility context live in the same process; every prepare
 * makes its own current (OSMesaMakeCurrent), which is outside the timed frames.
 */
#include "renderer.h"
#include "shaders_real.h"
#include "shaders_compute.h"
#include "shaders_tess.h"

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
typedef char GLchar;
typedef float GLfloat;
typedef double GLclampd;
typedef long GLsizeiptr;   /* ptrdiff_t-sized on LP64 Linux */

#define GL_TRIANGLES 0x0004
#define GL_DEPTH_BUFFER_BIT 0x00000100
#define GL_STENCIL_BUFFER_BIT 0x00000400
#define GL_COLOR_BUFFER_BIT 0x00004000
#define GL_LESS 0x0201
#define GL_SRC_ALPHA 0x0302
#define GL_ONE_MINUS_SRC_ALPHA 0x0303
#define GL_CULL_FACE 0x0B44
#define GL_DEPTH_TEST 0x0B71
#define GL_DITHER 0x0BD0
#define GL_BLEND 0x0BE2
#define GL_UNPACK_ALIGNMENT 0x0CF5
#define GL_PACK_ALIGNMENT 0x0D05
#define GL_TEXTURE_2D 0x0DE1
#define GL_UNSIGNED_BYTE 0x1401
#define GL_FLOAT 0x1406
#define GL_RGBA 0x1908
#define GL_RENDERER 0x1F01
#define GL_VERSION 0x1F02
#define GL_LINEAR 0x2601
#define GL_LINEAR_MIPMAP_LINEAR 0x2703
#define GL_TEXTURE_MAG_FILTER 0x2800
#define GL_TEXTURE_MIN_FILTER 0x2801
#define GL_TEXTURE_WRAP_S 0x2802
#define GL_TEXTURE_WRAP_T 0x2803
#define GL_REPEAT 0x2901
#define GL_RGBA8 0x8058
#define GL_TEXTURE_BASE_LEVEL 0x813C
#define GL_TEXTURE_MAX_LEVEL 0x813D
#define GL_TEXTURE0 0x84C0
#define GL_ARRAY_BUFFER 0x8892
#define GL_STATIC_DRAW 0x88E4
#define GL_DEPTH24_STENCIL8 0x88F0
#define GL_FRAGMENT_SHADER 0x8B30
#define GL_VERTEX_SHADER 0x8B31
#define GL_COMPILE_STATUS 0x8B81
#define GL_LINK_STATUS 0x8B82
#define GL_DEPTH_STENCIL_ATTACHMENT 0x821A
#define GL_FRAMEBUFFER_COMPLETE 0x8CD5
#define GL_COLOR_ATTACHMENT0 0x8CE0
#define GL_FRAMEBUFFER 0x8D40
#define GL_RENDERBUFFER 0x8D41
#define GL_PATCHES 0x000E
#define GL_PATCH_VERTICES 0x8E72
#define GL_TESS_EVALUATION_SHADER 0x8E87
#define GL_TESS_CONTROL_SHADER 0x8E88
#define GL_COMPUTE_SHADER 0x91B9
#define GL_WRITE_ONLY 0x88B9
#define GL_NEAREST 0x2600
#define GL_CLAMP_TO_EDGE 0x812F
#define GL_TEXTURE_UPDATE_BARRIER_BIT 0x00000100
#define GL_SHADER_IMAGE_ACCESS_BARRIER_BIT 0x00000020

#define OSMESA_FORMAT 0x22
#define OSMESA_DEPTH_BITS 0x30
#define OSMESA_STENCIL_BITS 0x31
#define OSMESA_PROFILE 0x33
#define OSMESA_CORE_PROFILE 0x34
#define OSMESA_CONTEXT_MAJOR_VERSION 0x36
#define OSMESA_CONTEXT_MINOR_VERSION 0x37

typedef void *OSMesaContext;
typedef void (*osmesa_proc)(void);

#define GL3_FUNCS(X)                                                                       \
    X(void, glViewport, (GLint, GLint, GLsizei, GLsizei))                                 \
    X(void, glClearColor, (GLfloat, GLfloat, GLfloat, GLfloat))                           \
    X(void, glClearDepth, (GLclampd))                                                     \
    X(void, glClearStencil, (GLint))                                                      \
    X(void, glClear, (GLbitfield))                                                        \
    X(void, glEnable, (GLenum))                                                           \
    X(void, glDisable, (GLenum))                                                          \
    X(void, glDepthFunc, (GLenum))                                                        \
    X(void, glDepthMask, (GLboolean))                                                     \
    X(void, glBlendFunc, (GLenum, GLenum))                                                \
    X(void, glDrawArrays, (GLenum, GLint, GLsizei))                                       \
    X(void, glGenTextures, (GLsizei, GLuint *))                                           \
    X(void, glDeleteTextures, (GLsizei, const GLuint *))                                  \
    X(void, glBindTexture, (GLenum, GLuint))                                              \
    X(void, glActiveTexture, (GLenum))                                                    \
    X(void, glTexImage2D, (GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum, GLenum, \
                           const void *))                                                 \
    X(void, glTexParameteri, (GLenum, GLenum, GLint))                                     \
    X(void, glPixelStorei, (GLenum, GLint))                                               \
    X(void, glReadPixels, (GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, void *))       \
    X(void, glFinish, (void))                                                             \
    X(GLenum, glGetError, (void))                                                         \
    X(const unsigned char *, glGetString, (GLenum))                                       \
    X(void, glGenBuffers, (GLsizei, GLuint *))                                            \
    X(void, glDeleteBuffers, (GLsizei, const GLuint *))                                   \
    X(void, glBindBuffer, (GLenum, GLuint))                                               \
    X(void, glBufferData, (GLenum, GLsizeiptr, const void *, GLenum))                     \
    X(void, glGenVertexArrays, (GLsizei, GLuint *))                                       \
    X(void, glDeleteVertexArrays, (GLsizei, const GLuint *))                              \
    X(void, glBindVertexArray, (GLuint))                                                  \
    X(void, glEnableVertexAttribArray, (GLuint))                                          \
    X(void, glVertexAttribPointer, (GLuint, GLint, GLenum, GLboolean, GLsizei,            \
                                    const void *))                                        \
    X(GLuint, glCreateShader, (GLenum))                                                   \
    X(void, glShaderSource, (GLuint, GLsizei, const GLchar *const *, const GLint *))      \
    X(void, glCompileShader, (GLuint))                                                    \
    X(void, glGetShaderiv, (GLuint, GLenum, GLint *))                                     \
    X(void, glGetShaderInfoLog, (GLuint, GLsizei, GLsizei *, GLchar *))                   \
    X(void, glDeleteShader, (GLuint))                                                     \
    X(GLuint, glCreateProgram, (void))                                                    \
    X(void, glAttachShader, (GLuint, GLuint))                                             \
    X(void, glLinkProgram, (GLuint))                                                      \
    X(void, glGetProgramiv, (GLuint, GLenum, GLint *))                                    \
    X(void, glGetProgramInfoLog, (GLuint, GLsizei, GLsizei *, GLchar *))                  \
    X(void, glDeleteProgram, (GLuint))                                                    \
    X(void, glUseProgram, (GLuint))                                                       \
    X(GLint, glGetUniformLocation, (GLuint, const GLchar *))                              \
    X(void, glUniform1i, (GLint, GLint))                                                  \
    X(void, glUniform4fv, (GLint, GLsizei, const GLfloat *))                              \
    X(void, glUniformMatrix4fv, (GLint, GLsizei, GLboolean, const GLfloat *))             \
    X(void, glGenFramebuffers, (GLsizei, GLuint *))                                       \
    X(void, glDeleteFramebuffers, (GLsizei, const GLuint *))                              \
    X(void, glBindFramebuffer, (GLenum, GLuint))                                          \
    X(void, glGenRenderbuffers, (GLsizei, GLuint *))                                      \
    X(void, glDeleteRenderbuffers, (GLsizei, const GLuint *))                             \
    X(void, glBindRenderbuffer, (GLenum, GLuint))                                         \
    X(void, glRenderbufferStorage, (GLenum, GLenum, GLsizei, GLsizei))                    \
    X(void, glFramebufferRenderbuffer, (GLenum, GLenum, GLenum, GLuint))                  \
    X(GLenum, glCheckFramebufferStatus, (GLenum))

struct gl3 {
#define DECLARE(ret, name, args) ret(*name) args;
    GL3_FUNCS(DECLARE)
#undef DECLARE
};

struct lp3 {
    uint32_t width, height;
    int major, minor;          /* the context's OpenGL version: 4.3 (compute), 4.0
                                * (tessellation) or 3.3 */
    void (*PatchParameteri)(GLenum, GLint);   /* GL 4.0, NULL in a 3.3 context */
    /* GL 4.2 / 4.3, NULL below 4.3 */
    void (*DispatchCompute)(GLuint, GLuint, GLuint);
    void (*MemoryBarrier)(GLbitfield);
    void (*BindImageTexture)(GLuint, GLuint, GLint, GLboolean, GLint, GLenum, GLenum);
    void (*Uniform2i)(GLint, GLint, GLint);
    void (*GetTexImage)(GLenum, GLint, GLenum, GLenum, void *);
    void *lib;
    OSMesaContext (*CreateContextAttribs)(const int *, OSMesaContext);
    GLboolean (*MakeCurrent)(OSMesaContext, void *, GLenum, GLsizei, GLsizei);
    void (*DestroyContext)(OSMesaContext);
    osmesa_proc (*GetProcAddress)(const char *);
    OSMesaContext ctx;
    uint8_t *buffer;           /* the OSMesa colour buffer, unused once the FBO is bound */
    uint8_t *rows;             /* read-back scratch */
    struct gl3 gl;
    GLuint framebuffer, color_rb, depth_rb;
    /* per scene */
    GLuint program, vao, vbo, texture[2];
    GLuint cs_out;             /* compute: the image written (read instead of the target) */
};

static void lp3_release(void *self)
{
    struct lp3 *b = self;
    const struct gl3 *gl = &b->gl;
    gl->glUseProgram(0);
    gl->glBindVertexArray(0);
    if (b->program)
        gl->glDeleteProgram(b->program);
    if (b->vao)
        gl->glDeleteVertexArrays(1, &b->vao);
    if (b->vbo)
        gl->glDeleteBuffers(1, &b->vbo);
    for (int i = 0; i < 2; i++)
        if (b->texture[i])
            gl->glDeleteTextures(1, &b->texture[i]);
    if (b->cs_out)
        gl->glDeleteTextures(1, &b->cs_out);
    b->program = b->vao = b->vbo = b->texture[0] = b->texture[1] = b->cs_out = 0;
}

static GLuint compile(const struct gl3 *gl, GLenum type, const char *source, char *err, size_t n)
{
    GLuint sh = gl->glCreateShader(type);
    GLint ok = 0;
    gl->glShaderSource(sh, 1, &source, NULL);
    gl->glCompileShader(sh);
    gl->glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[512] = "";
        gl->glGetShaderInfoLog(sh, sizeof(log), NULL, log);
        snprintf(err, n, "GLSL %s shader does not compile: %.200s",
                 type == GL_VERTEX_SHADER ? "vertex" :
                 type == GL_TESS_CONTROL_SHADER ? "tessellation control" :
                 type == GL_TESS_EVALUATION_SHADER ? "tessellation evaluation" :
                 type == GL_COMPUTE_SHADER ? "compute" : "fragment", log);
        gl->glDeleteShader(sh);
        return 0;
    }
    return sh;
}

/* The program of a vertex and a fragment shader, with tessellation control and evaluation
 * shaders between them when tcs_source is not NULL. */
static GLuint link_program(const struct gl3 *gl, const char *vs_source, const char *tcs_source,
                           const char *tes_source, const char *fs_source, char *err, size_t n)
{
    GLuint vs = compile(gl, GL_VERTEX_SHADER, vs_source, err, n);
    GLuint tcs = vs && tcs_source ? compile(gl, GL_TESS_CONTROL_SHADER, tcs_source, err, n) : 0;
    GLuint tes = tcs ? compile(gl, GL_TESS_EVALUATION_SHADER, tes_source, err, n) : 0;
    GLuint fs = vs && (!tcs_source || tes) ? compile(gl, GL_FRAGMENT_SHADER, fs_source, err, n)
                                           : 0;
    GLuint prog = 0;
    GLint ok = 0;
    if (vs && fs) {
        prog = gl->glCreateProgram();
        gl->glAttachShader(prog, vs);
        if (tcs_source) {
            gl->glAttachShader(prog, tcs);
            gl->glAttachShader(prog, tes);
        }
        gl->glAttachShader(prog, fs);
        gl->glLinkProgram(prog);
        gl->glGetProgramiv(prog, GL_LINK_STATUS, &ok);
        if (!ok) {
            char log[512] = "";
            gl->glGetProgramInfoLog(prog, sizeof(log), NULL, log);
            snprintf(err, n, "GLSL program does not link: %.200s", log);
            gl->glDeleteProgram(prog);
            prog = 0;
        }
    }
    if (vs)
        gl->glDeleteShader(vs);
    if (tcs)
        gl->glDeleteShader(tcs);
    if (tes)
        gl->glDeleteShader(tes);
    if (fs)
        gl->glDeleteShader(fs);
    return prog;
}

/* Texture unit `unit`: the 256x256 texture, its mip chain or (levels = 1) level 0 alone. */
static GLuint make_texture(const struct gl3 *gl, uint8_t *const level[BENCH_TEX_LEVELS],
                           int levels, int unit)
{
    GLuint t = 0;
    gl->glActiveTexture((GLenum)(GL_TEXTURE0 + unit));
    gl->glGenTextures(1, &t);
    gl->glBindTexture(GL_TEXTURE_2D, t);
    gl->glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (int l = 0; l < levels; l++)
        gl->glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, BENCH_TEX_SIZE >> l, BENCH_TEX_SIZE >> l, 0,
                         GL_RGBA, GL_UNSIGNED_BYTE, level[l]);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, levels - 1);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                        levels > 1 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    gl->glActiveTexture(GL_TEXTURE0);
    return t;
}

/* Attribute `loc`: `count` components of `type` at `offset` in a vertex of `stride` bytes. */
static void attribute(const struct gl3 *gl, GLuint loc, GLint count, GLenum type, GLsizei stride,
                      size_t offset)
{
    gl->glEnableVertexAttribArray(loc);
    gl->glVertexAttribPointer(loc, count, type, type == GL_UNSIGNED_BYTE, stride,
                              (const void *)offset);
}

/* A W x H RGBA8 texture of `data` (NULL: undefined contents), one level, nearest, clamped. */
static GLuint image_texture(const struct gl3 *gl, uint32_t w, uint32_t h, const void *data)
{
    GLuint t = 0;
    gl->glGenTextures(1, &t);
    gl->glBindTexture(GL_TEXTURE_2D, t);
    gl->glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    gl->glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, (GLsizei)w, (GLsizei)h, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, data);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return t;
}

/* compute: the program, the source texture on unit 0, the image written at unit 0. */
static int prepare_compute(struct lp3 *b, const struct bench_scene *s, char *err, size_t n)
{
    const struct gl3 *gl = &b->gl;
    if (!b->DispatchCompute) {
        snprintf(err, n, "not available (compute shaders need an OpenGL 4.3 context, OSMesa "
                 "made %d.%d)", b->major, b->minor);
        return -1;
    }
    GLuint cs = compile(gl, GL_COMPUTE_SHADER, bench_glsl_cs_blur, err, n);
    GLint ok = 0;
    if (!cs)
        return -1;
    b->program = gl->glCreateProgram();
    gl->glAttachShader(b->program, cs);
    gl->glLinkProgram(b->program);
    gl->glDeleteShader(cs);
    gl->glGetProgramiv(b->program, GL_LINK_STATUS, &ok);
    if (!ok) {
        snprintf(err, n, "GLSL compute program does not link");
        return -1;
    }
    gl->glUseProgram(b->program);
    b->Uniform2i(gl->glGetUniformLocation(b->program, "size"), (GLint)s->width,
                 (GLint)s->height);
    gl->glActiveTexture(GL_TEXTURE0);
    b->texture[0] = image_texture(gl, s->width, s->height, s->image);
    b->cs_out = image_texture(gl, s->width, s->height, NULL);
    gl->glBindTexture(GL_TEXTURE_2D, b->texture[0]);
    b->BindImageTexture(0, b->cs_out, 0, 0, 0, GL_WRITE_ONLY, GL_RGBA8);
    GLenum e = gl->glGetError();
    if (e) {
        snprintf(err, n, "GL error 0x%x while preparing scene %s", e, s->name);
        return -1;
    }
    return 0;
}

static int lp3_prepare(void *self, const struct bench_scene *s, char *err, size_t n)
{
    struct lp3 *b = self;
    const struct gl3 *gl = &b->gl;
    const char *vs = bench_glsl_vs_surface, *fs = NULL, *tcs = NULL, *tes = NULL;
    float m[16];

    if (!b->MakeCurrent(b->ctx, b->buffer, GL_UNSIGNED_BYTE, (GLsizei)b->width,
                        (GLsizei)b->height)) {
        snprintf(err, n, "OSMesaMakeCurrent failed");
        return -1;
    }
    gl->glBindFramebuffer(GL_FRAMEBUFFER, b->framebuffer);
    if (s->program == BENCH_PROGRAM_COMPUTE)
        return prepare_compute(b, s, err, n);
    switch (s->program) {
    case BENCH_PROGRAM_LIGHT: fs = bench_glsl_fs_light; break;
    case BENCH_PROGRAM_ALU: fs = bench_glsl_fs_alu; break;
    case BENCH_PROGRAM_TEX4: fs = bench_glsl_fs_tex4; break;
    case BENCH_PROGRAM_SKIN: vs = bench_glsl_vs_skin; fs = bench_glsl_fs_color; break;
    case BENCH_PROGRAM_TESS:
        vs = bench_glsl_tess_vs;
        tcs = bench_glsl_tess_tcs;
        tes = bench_glsl_tess_tes;
        fs = bench_glsl_tess_fs;
        break;
    case BENCH_PROGRAM_FIXED: case BENCH_PROGRAM_COMPUTE: break;
    }
    if (!fs) {
        snprintf(err, n, "scene %s has no GLSL program", s->name);
        return -1;
    }
    if (tcs && !b->PatchParameteri) {
        snprintf(err, n, "not available (tessellation needs an OpenGL 4.0 context, OSMesa made "
                 "%d.x)", b->major);
        return -1;
    }
    if (!(b->program = link_program(gl, vs, tcs, tes, fs, err, n)))
        return -1;
    gl->glUseProgram(b->program);
    bench_gl_matrix(s, m);
    gl->glUniformMatrix4fv(gl->glGetUniformLocation(b->program, "u_matrix"), 1, 0, m);
    gl->glUniform4fv(gl->glGetUniformLocation(b->program,
                                              s->program == BENCH_PROGRAM_SKIN ? "bones" : "c"),
                     (GLsizei)s->constant_count, s->constants);

    gl->glGenVertexArrays(1, &b->vao);
    gl->glBindVertexArray(b->vao);
    gl->glGenBuffers(1, &b->vbo);
    gl->glBindBuffer(GL_ARRAY_BUFFER, b->vbo);
    if (s->program == BENCH_PROGRAM_SKIN) {
        const GLsizei stride = sizeof(struct bench_skin_vertex);
        gl->glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)s->skin_vertex_count * stride,
                         s->skin_vertices, GL_STATIC_DRAW);
        attribute(gl, 0, 3, GL_FLOAT, stride, offsetof(struct bench_skin_vertex, pos));
        attribute(gl, 1, 4, GL_UNSIGNED_BYTE, stride, offsetof(struct bench_skin_vertex, bones));
        attribute(gl, 2, 4, GL_FLOAT, stride, offsetof(struct bench_skin_vertex, weights));
        attribute(gl, 3, 4, GL_UNSIGNED_BYTE, stride, offsetof(struct bench_skin_vertex, color));
    } else {
        const GLsizei stride = sizeof(struct bench_surface_vertex);
        gl->glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)s->surface_vertex_count * stride,
                         s->surface_vertices, GL_STATIC_DRAW);
        attribute(gl, 0, 3, GL_FLOAT, stride, offsetof(struct bench_surface_vertex, pos));
        attribute(gl, 1, 3, GL_FLOAT, stride, offsetof(struct bench_surface_vertex, normal));
        attribute(gl, 2, 2, GL_FLOAT, stride, offsetof(struct bench_surface_vertex, uv));
    }
    if (s->textured) {
        b->texture[0] = make_texture(gl, s->tex_level, s->bilinear ? 1 : BENCH_TEX_LEVELS, 0);
        gl->glUniform1i(gl->glGetUniformLocation(b->program, "t0"), 0);
    }
    if (s->tex2_level[0]) {
        b->texture[1] = make_texture(gl, s->tex2_level, BENCH_TEX_LEVELS, 1);
        gl->glUniform1i(gl->glGetUniformLocation(b->program, "t1"), 1);
    }
    /* texture units keep their bindings: unit 0 = texture[0], unit 1 = texture[1] */
    gl->glActiveTexture(GL_TEXTURE0);
    gl->glBindTexture(GL_TEXTURE_2D, b->texture[0]);
    gl->glActiveTexture(GL_TEXTURE0 + 1);
    gl->glBindTexture(GL_TEXTURE_2D, b->texture[1]);
    gl->glActiveTexture(GL_TEXTURE0);

    gl->glViewport(0, 0, (GLsizei)s->width, (GLsizei)s->height);
    gl->glDisable(GL_DITHER);
    gl->glDisable(GL_CULL_FACE);
    gl->glClearColor(s->clear_color[0], s->clear_color[1], s->clear_color[2], s->clear_color[3]);
    gl->glClearDepth(s->clear_depth);
    gl->glClearStencil(0);
    if (s->depth_test) {
        gl->glEnable(GL_DEPTH_TEST);
        gl->glDepthFunc(GL_LESS);
    } else {
        gl->glDisable(GL_DEPTH_TEST);
    }
    if (s->blend) {
        gl->glEnable(GL_BLEND);
        gl->glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    } else {
        gl->glDisable(GL_BLEND);
    }
    GLenum e = gl->glGetError();
    if (e) {
        snprintf(err, n, "GL error 0x%x while preparing scene %s", e, s->name);
        return -1;
    }
    return 0;
}

static int lp3_frame(void *self, const struct bench_scene *s)
{
    struct lp3 *b = self;
    const struct gl3 *gl = &b->gl;
    if (s->program == BENCH_PROGRAM_COMPUTE) {
        b->DispatchCompute((s->width + BENCH_COMPUTE_GROUP - 1) / BENCH_COMPUTE_GROUP,
                           (s->height + BENCH_COMPUTE_GROUP - 1) / BENCH_COMPUTE_GROUP, 1);
        b->MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
        gl->glFinish();
        return gl->glGetError() ? -1 : 0;
    }
    /* glClear honours the depth mask: open it for the clear, as D3D's clear ignores state */
    gl->glDepthMask(1);
    gl->glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    gl->glDepthMask(s->depth_test ? 1 : 0);
    GLenum mode = GL_TRIANGLES;
    if (s->program == BENCH_PROGRAM_TESS) {
        b->PatchParameteri(GL_PATCH_VERTICES, 4);
        mode = GL_PATCHES;
    }
    for (uint32_t d = 0; d < s->draw_count; d++)
        gl->glDrawArrays(mode, (GLint)s->draws[d].first, (GLsizei)s->draws[d].count);
    gl->glFinish();
    return gl->glGetError() ? -1 : 0;
}

static int lp3_read(void *self, uint8_t *rgba)
{
    struct lp3 *b = self;
    const size_t pitch = (size_t)b->width * 4;
    if (b->cs_out) {   /* compute: the image, top row first as the source was given */
        b->gl.glBindTexture(GL_TEXTURE_2D, b->cs_out);
        b->gl.glPixelStorei(GL_PACK_ALIGNMENT, 1);
        b->GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
        return b->gl.glGetError() ? -1 : 0;
    }
    b->gl.glPixelStorei(GL_PACK_ALIGNMENT, 1);
    b->gl.glReadPixels(0, 0, (GLsizei)b->width, (GLsizei)b->height, GL_RGBA, GL_UNSIGNED_BYTE,
                       b->rows);
    if (b->gl.glGetError())
        return -1;
    for (uint32_t y = 0; y < b->height; y++)   /* GL rows run bottom-up */
        memcpy(rgba + (size_t)y * pitch, b->rows + (size_t)(b->height - 1 - y) * pitch, pitch);
    return 0;
}

static void lp3_destroy(void *self)
{
    struct lp3 *b = self;
    if (!b)
        return;
    if (b->ctx) {
        if (b->gl.glDeleteFramebuffers &&
            b->MakeCurrent(b->ctx, b->buffer, GL_UNSIGNED_BYTE, (GLsizei)b->width,
                           (GLsizei)b->height)) {
            lp3_release(b);
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

int llvmpipe_glsl_renderer_create(unsigned threads, uint32_t width, uint32_t height,
                                  struct bench_renderer *out, char *err, size_t n)
{
    static const char *const libs[] = {"libOSMesa.so.8", "libOSMesa.so.6"};
    /* 4.0 first (tessellation, the tess scene), else 3.3 (the other scenes need no more) */
    int attribs[] = {OSMESA_FORMAT, GL_RGBA, OSMESA_DEPTH_BITS, 24, OSMESA_STENCIL_BITS, 8,
                     OSMESA_PROFILE, OSMESA_CORE_PROFILE, OSMESA_CONTEXT_MAJOR_VERSION, 4,
                     OSMESA_CONTEXT_MINOR_VERSION, 0, 0};
    struct lp3 *b = calloc(1, sizeof(*b));
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
#define SYM(field, name)                                                          \
    do {                                                                          \
        void *p = dlsym(b->lib, name);                                            \
        memcpy(&b->field, &p, sizeof(p));                                         \
        if (!b->field) {                                                          \
            snprintf(err, n, "not available (libOSMesa lacks %s)", name);         \
            goto failed;                                                          \
        }                                                                         \
    } while (0)
    SYM(CreateContextAttribs, "OSMesaCreateContextAttribs");
    SYM(MakeCurrent, "OSMesaMakeCurrent");
    SYM(DestroyContext, "OSMesaDestroyContext");
    SYM(GetProcAddress, "OSMesaGetProcAddress");
#undef SYM

    /* llvmpipe reads both when its screen is created (llvmpipe.c sets the same values). */
    snprintf(num, sizeof(num), "%u", threads);
    setenv("GALLIUM_DRIVER", "llvmpipe", 1);
    setenv("LP_NUM_THREADS", num, 1);

    b->buffer = calloc((size_t)width * height, 4);
    b->rows = malloc((size_t)width * height * 4);
    if (!b->buffer || !b->rows) {
        snprintf(err, n, "out of memory");
        goto failed;
    }
    /* 4.3 (compute shaders, the compute scene), else 4.0 (tessellation), else 3.3 */
    static const int versions[3][2] = { { 4, 3 }, { 4, 0 }, { 3, 3 } };
    for (int v = 0; v < 3 && !b->ctx; v++) {
        attribs[9] = b->major = versions[v][0];
        attribs[11] = b->minor = versions[v][1];
        b->ctx = b->CreateContextAttribs(attribs, NULL);
    }
    if (!b->ctx) {
        snprintf(err, n, "not available (no OpenGL 3.3 core context from OSMesa)");
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
    GL3_FUNCS(LOAD)
#undef LOAD
    if (b->major >= 4)
        b->PatchParameteri = (void (*)(GLenum, GLint))b->GetProcAddress("glPatchParameteri");
    if (b->major > 4 || (b->major == 4 && b->minor >= 3)) {
        b->DispatchCompute =
            (void (*)(GLuint, GLuint, GLuint))b->GetProcAddress("glDispatchCompute");
        b->MemoryBarrier = (void (*)(GLbitfield))b->GetProcAddress("glMemoryBarrier");
        b->BindImageTexture = (void (*)(GLuint, GLuint, GLint, GLboolean, GLint, GLenum,
                                        GLenum))b->GetProcAddress("glBindImageTexture");
        b->Uniform2i = (void (*)(GLint, GLint, GLint))b->GetProcAddress("glUniform2i");
        b->GetTexImage = (void (*)(GLenum, GLint, GLenum, GLenum, void *))b->GetProcAddress(
            "glGetTexImage");
        if (!b->MemoryBarrier || !b->BindImageTexture || !b->Uniform2i || !b->GetTexImage)
            b->DispatchCompute = NULL;   /* (prepare_compute refuses the scene) */
    }

    const struct gl3 *gl = &b->gl;
    gl->glGenFramebuffers(1, &b->framebuffer);
    gl->glGenRenderbuffers(1, &b->color_rb);
    gl->glGenRenderbuffers(1, &b->depth_rb);
    gl->glBindRenderbuffer(GL_RENDERBUFFER, b->color_rb);
    gl->glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, (GLsizei)width, (GLsizei)height);
    gl->glBindRenderbuffer(GL_RENDERBUFFER, b->depth_rb);
    gl->glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, (GLsizei)width,
                              (GLsizei)height);
    gl->glBindFramebuffer(GL_FRAMEBUFFER, b->framebuffer);
    gl->glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                  b->color_rb);
    gl->glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                  b->depth_rb);
    if (gl->glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE ||
        gl->glGetError()) {
        snprintf(err, n, "not available (the framebuffer object is incomplete)");
        goto failed;
    }

    const char *renderer = (const char *)gl->glGetString(GL_RENDERER);
    const char *version = (const char *)gl->glGetString(GL_VERSION);
    if (!renderer || !strstr(renderer, "llvmpipe")) {
        snprintf(err, n, "not available (OSMesa renders with \"%s\", not llvmpipe)",
                 renderer ? renderer : "?");
        goto failed;
    }
    out->name = "llvmpipe";
    snprintf(out->description, sizeof(out->description), "%s, OpenGL %s, GLSL", renderer,
             version ? version : "?");
    out->self = b;
    out->prepare = lp3_prepare;
    out->frame = lp3_frame;
    out->read = lp3_read;
    out->release = lp3_release;
    out->destroy = lp3_destroy;
    return 0;

failed:
    lp3_destroy(b);
    return -1;
}
