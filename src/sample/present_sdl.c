/* src/sample/present_sdl.c — see present_sdl.h.
 *
 * The few SDL2 facts used, from SDL2's public headers (SDL_video.h, SDL_surface.h,
 * SDL_pixels.h; stable across SDL 2.0.x):
 *   SDL_Surface *SDL_GetWindowSurface(SDL_Window *)   NULL with SDL_GetError() on failure
 *   int SDL_UpdateWindowSurface(SDL_Window *)         0 on success
 *   int SDL_LockSurface(SDL_Surface *) / void SDL_UnlockSurface(SDL_Surface *)
 *   const char *SDL_GetError(void)
 *   SDL_Surface begins { Uint32 flags; SDL_PixelFormat *format; int w, h; int pitch;
 *                        void *pixels; ... }, and must be locked when flags & SDL_RLEACCEL (2)
 *   SDL_PixelFormat begins { Uint32 format; SDL_Palette *palette; Uint8 BitsPerPixel,
 *                            BytesPerPixel, padding[2]; Uint32 Rmask, Gmask, Bmask, Amask;
 *                            Uint8 Rloss, Gloss, Bloss, Aloss, Rshift, Gshift, Bshift, Ashift; ... }
 * Only these leading members are declared here (the structures are only ever read through
 * SDL's pointers), which is what keeps SDL out of the build.
 */
#include "sample/present_sdl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sample/texel.h"
#include "util/log.h"

struct sdl_pixel_format {
    uint32_t format;
    void *palette;
    uint8_t bits_per_pixel, bytes_per_pixel, padding[2];
    uint32_t mask[4];             /* R, G, B, A */
    uint8_t loss[4], shift[4];    /* R, G, B, A */
};

struct sdl_surface {
    uint32_t flags;
    const struct sdl_pixel_format *format;
    int w, h;
    int pitch;
    void *pixels;
};

#define SDL_RLEACCEL 0x00000002u

static pthread_mutex_t sdl_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    char tried[1024];   /* the library last tried ("" before the first Present to a window) */
    bool ok;
    struct sdl_surface *(*get_window_surface)(void *window);
    int (*update_window_surface)(void *window);
    int (*lock_surface)(struct sdl_surface *s);
    void (*unlock_surface)(struct sdl_surface *s);
    const char *(*get_error)(void);
} sdl;

/* (a pointer from dlsym as a function pointer: POSIX guarantees the conversion) */
#define SDL_SYM(field, name)                                                                  \
    do {                                                                                      \
        void *p_ = dlsym(lib, name);                                                          \
        if (!p_) {                                                                            \
            util_msg(true, "SOFTD3D_WSI=sdl2: %s has no %s; presenting to windows is off",    \
                     path, name);                                                             \
            return;                                                                           \
        }                                                                                     \
        memcpy(&sdl.field, &p_, sizeof(p_));                                                  \
    } while (0)

/* Loads the library `want` names (NULL: SDL2's usual names) unless it was the last one tried;
 * a new SOFTD3D_WSI_LIBRARY is tried anew (tests change it; a loaded library stays loaded). */
static void sdl_load(const char *want)
{
    const char *path = want, *key = want && *want ? want : "(default)";
    void *lib;
    if (strcmp(sdl.tried, key) == 0)
        return;
    snprintf(sdl.tried, sizeof(sdl.tried), "%s", key);
    sdl.ok = false;
    if (path && *path) {
        lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    } else {
        path = "libSDL2-2.0.so.0";
        lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            path = "libSDL2.so";
            lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        }
    }
    if (!lib) {
        util_msg(true, "SOFTD3D_WSI=sdl2: cannot load %s (%s); presenting to windows is off",
                 path, dlerror());
        return;
    }
    SDL_SYM(get_window_surface, "SDL_GetWindowSurface");
    SDL_SYM(update_window_surface, "SDL_UpdateWindowSurface");
    SDL_SYM(lock_surface, "SDL_LockSurface");
    SDL_SYM(unlock_surface, "SDL_UnlockSurface");
    SDL_SYM(get_error, "SDL_GetError");
    sdl.ok = true;   /* (the library stays loaded for the process: SDL owns the windows) */
}

static void warn_unknown(void)
{
    util_msg(true, "SOFTD3D_WSI=\"%s\" is not a window system (sdl2); ignored",
             getenv("SOFTD3D_WSI"));
}

bool present_sdl_enabled(void)
{
    static pthread_once_t warn_once = PTHREAD_ONCE_INIT;
    const char *v = getenv("SOFTD3D_WSI");
    if (!v || !*v)
        return false;
    if (strcmp(v, "sdl2") != 0) {
        pthread_once(&warn_once, warn_unknown);
        return false;
    }
    return true;
}

/* One 8-bit channel into an SDL pixel: its top bits (8 - loss) at shift, within the mask. */
static inline uint32_t put(const struct sdl_pixel_format *f, int k, uint32_t c8)
{
    return ((c8 >> f->loss[k]) << f->shift[k]) & f->mask[k];
}

static void write_window(void *window, core_format format, const uint8_t *data, size_t pitch,
                         uint32_t w, uint32_t h);

void present_sdl_write(void *window, core_format format, const uint8_t *data, size_t pitch,
                       uint32_t w, uint32_t h)
{
    if (!window || !w || !h || !present_sdl_enabled())
        return;
    /* (one Present to a window at a time: SDL's window surfaces are not for several threads) */
    pthread_mutex_lock(&sdl_lock);
    sdl_load(getenv("SOFTD3D_WSI_LIBRARY"));
    if (sdl.ok)
        write_window(window, format, data, pitch, w, h);
    pthread_mutex_unlock(&sdl_lock);
}

static void write_window(void *window, core_format format, const uint8_t *data, size_t pitch,
                         uint32_t w, uint32_t h)
{
    const struct texel_format *tf;
    struct sdl_surface *s = sdl.get_window_surface(window);
    if (!s) {
        util_msg(false, "SOFTD3D_WSI=sdl2: SDL_GetWindowSurface: %s", sdl.get_error());
        return;
    }
    const struct sdl_pixel_format *f = s->format;
    if (!f || (f->bytes_per_pixel != 2 && f->bytes_per_pixel != 4) || s->w <= 0 || s->h <= 0) {
        util_msg(false, "SOFTD3D_WSI=sdl2: window surfaces of %u bytes a pixel are not written",
                 f ? f->bytes_per_pixel : 0u);
        return;
    }
    if (!(tf = texel_format_get(format))) {
        util_msg(false, "SOFTD3D_WSI=sdl2: the presented format cannot be decoded");
        return;
    }
    bool locked = (s->flags & SDL_RLEACCEL) != 0;
    if (locked && sdl.lock_surface(s) != 0) {
        util_msg(false, "SOFTD3D_WSI=sdl2: SDL_LockSurface: %s", sdl.get_error());
        return;
    }
    /* nearest texel of the stretch: surface pixel (x, y) shows image texel
     * (floor((x + 0.5) w / sw), floor((y + 0.5) h / sh)), in exact integer arithmetic;
     * equal sizes copy texel for texel */
    const uint32_t sw = (uint32_t)s->w, sh = (uint32_t)s->h;
    const uint32_t opaque = f->mask[3];   /* alpha, when the surface has one: opaque */
    for (uint32_t y = 0; y < sh; y++) {
        uint32_t ty = (uint32_t)(((2 * (uint64_t)y + 1) * h) / (2 * (uint64_t)sh));
        uint8_t *row = (uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch;
        for (uint32_t x = 0; x < sw; x++) {
            uint32_t tx = (uint32_t)(((2 * (uint64_t)x + 1) * w) / (2 * (uint64_t)sw));
            float c[4];
            texel_load(tf, data, pitch, tx, ty, c);
            uint32_t v = opaque;
            for (int k = 0; k < 3; k++)
                v |= put(f, k, texel_float_to_unorm(c[k], 8));
            if (f->bytes_per_pixel == 4) {
                memcpy(row + 4 * (size_t)x, &v, 4);
            } else {
                uint16_t v16 = (uint16_t)v;
                memcpy(row + 2 * (size_t)x, &v16, 2);
            }
        }
    }
    if (locked)
        sdl.unlock_surface(s);
    if (sdl.update_window_surface(window) != 0)
        util_msg(false, "SOFTD3D_WSI=sdl2: SDL_UpdateWindowSurface: %s", sdl.get_error());
}
