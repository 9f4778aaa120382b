/* tests/wsi/fake_sdl2.c — a stand-in for libSDL2 for tests/test_present_sdl.c: the five
 * functions src/sample/present_sdl.c calls, with the leading members of SDL2's SDL_Surface and
 * SDL_PixelFormat laid out as SDL2's public headers declare them (present_sdl.c's comment), and
 * helpers for the test to make windows of any surface format and read what was presented.  It
 * lets the window path run, and be checked pixel for pixel, on a machine without SDL2 or a
 * display.  Windows are checked as SDL checks them: an unknown pointer gets NULL and an error. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct fake_format {
    uint32_t format;
    void *palette;
    uint8_t bits_per_pixel, bytes_per_pixel, padding[2];
    uint32_t mask[4];
    uint8_t loss[4], shift[4];
    int refcount;
    void *next;
};

struct fake_surface {
    uint32_t flags;
    struct fake_format *format;
    int w, h;
    int pitch;
    void *pixels;
    void *userdata;
    int locked;
};

struct fake_window {
    struct fake_surface surface;
    struct fake_format format;
    int updates, locks, unlocks;
    int lock_depth;
    int updated_unlocked;   /* SDL_UpdateWindowSurface while the surface was locked: an error */
};

/* (the project builds with -fvisibility=hidden: what the loader must find is exported) */
#define EXPORT __attribute__((visibility("default")))

#define MAX_WINDOWS 16
static struct fake_window *windows[MAX_WINDOWS];
static const char *error = "";

static struct fake_window *find(void *w)
{
    for (int i = 0; i < MAX_WINDOWS; i++)
        if (windows[i] && (void *)windows[i] == w)
            return windows[i];
    error = "Invalid window";
    return NULL;
}

static void mask_facts(uint32_t m, uint8_t *loss, uint8_t *shift)
{
    uint8_t s = 0, bits = 0;
    if (m) {
        while (!(m >> s & 1))
            s++;
        while (s + bits < 32 && (m >> (s + bits) & 1))
            bits++;
    }
    *shift = s;
    *loss = (uint8_t)(8 - (bits > 8 ? 8 : bits));
}

/* ---- the test's helpers --------------------------------------------------------------------- */

EXPORT void *fake_sdl_create_window(int w, int h, int bytes, uint32_t rmask, uint32_t gmask,
                             uint32_t bmask, uint32_t amask, int rle)
{
    for (int i = 0; i < MAX_WINDOWS; i++) {
        if (windows[i])
            continue;
        struct fake_window *win = calloc(1, sizeof(*win));
        if (!win)
            return NULL;
        win->format.bytes_per_pixel = (uint8_t)bytes;
        win->format.bits_per_pixel = (uint8_t)(8 * bytes);
        uint32_t m[4] = { rmask, gmask, bmask, amask };
        for (int k = 0; k < 4; k++) {
            win->format.mask[k] = m[k];
            mask_facts(m[k], &win->format.loss[k], &win->format.shift[k]);
        }
        win->surface.flags = rle ? 2u : 0u;
        win->surface.format = &win->format;
        win->surface.w = w;
        win->surface.h = h;
        win->surface.pitch = w * bytes + 8;   /* padded rows: the pitch must be honoured */
        win->surface.pixels = calloc((size_t)h, (size_t)win->surface.pitch);
        windows[i] = win;
        return win;
    }
    return NULL;
}

EXPORT void fake_sdl_destroy_window(void *w)
{
    for (int i = 0; i < MAX_WINDOWS; i++) {
        if (windows[i] && (void *)windows[i] == w) {
            free(windows[i]->surface.pixels);
            free(windows[i]);
            windows[i] = NULL;
        }
    }
}

EXPORT uint32_t fake_sdl_pixel(void *w, int x, int y)
{
    struct fake_window *win = find(w);
    const uint8_t *p = (const uint8_t *)win->surface.pixels + (size_t)y * win->surface.pitch +
                       (size_t)x * win->format.bytes_per_pixel;
    uint32_t v = 0;
    memcpy(&v, p, win->format.bytes_per_pixel);
    return v;
}

/* updates; locks and unlocks in *locks / *unlocks; whether any update came while locked */
EXPORT int fake_sdl_counts(void *w, int *locks, int *unlocks, int *bad)
{
    struct fake_window *win = find(w);
    *locks = win->locks;
    *unlocks = win->unlocks;
    *bad = win->updated_unlocked;
    return win->updates;
}

/* ---- SDL2's functions ------------------------------------------------------------------------ */

EXPORT struct fake_surface *SDL_GetWindowSurface(void *w)
{
    struct fake_window *win = find(w);
    return win ? &win->surface : NULL;
}

EXPORT int SDL_UpdateWindowSurface(void *w)
{
    struct fake_window *win = find(w);
    if (!win)
        return -1;
    if (win->lock_depth)
        win->updated_unlocked = 1;
    win->updates++;
    return 0;
}

EXPORT int SDL_LockSurface(struct fake_surface *s)
{
    for (int i = 0; i < MAX_WINDOWS; i++) {
        if (windows[i] && &windows[i]->surface == s) {
            windows[i]->locks++;
            windows[i]->lock_depth++;
            s->locked++;
            return 0;
        }
    }
    error = "not a window surface";
    return -1;
}

EXPORT void SDL_UnlockSurface(struct fake_surface *s)
{
    for (int i = 0; i < MAX_WINDOWS; i++) {
        if (windows[i] && &windows[i]->surface == s) {
            windows[i]->unlocks++;
            windows[i]->lock_depth--;
            s->locked--;
        }
    }
}

EXPORT const char *SDL_GetError(void)
{
    return error;
}

/* ---- what examples/cube_sdl.cpp calls besides: a video subsystem with no events ------------- */

EXPORT int SDL_Init(uint32_t flags)
{
    (void)flags;
    return 0;
}

/* an XRGB8888 window (SDL_PIXELFORMAT_RGB888's masks) of the asked size */
EXPORT void *SDL_CreateWindow(const char *title, int x, int y, int w, int h, uint32_t flags)
{
    (void)title, (void)x, (void)y, (void)flags;
    void *win = fake_sdl_create_window(w, h, 4, 0xff0000u, 0xff00u, 0xffu, 0, 0);
    if (!win)
        error = "no more windows";
    return win;
}

EXPORT int SDL_PollEvent(void *event)
{
    (void)event;
    return 0;
}

EXPORT void SDL_DestroyWindow(void *w)
{
    fake_sdl_destroy_window(w);
}

EXPORT void SDL_Quit(void)
{
}
