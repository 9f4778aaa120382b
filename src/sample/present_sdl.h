/* src/sample/present_sdl.h — presenting into a real window through SDL2 (issue 12 item 6), for
 * both front-ends' Present.
 *
 * softd3d is headless: a window handle is never dereferenced, and Present keeps its image in a
 * private front buffer (and SOFTD3D_PRESENT_DUMP writes it as PNG).  A program that owns an SDL2
 * window may pass the `SDL_Window *` as its HWND (the convention of DXVK's native builds) and
 * opt in with SOFTD3D_WSI=sdl2: then every successful Present also shows the presented image in
 * that window -- copied into SDL_GetWindowSurface's surface and shown by SDL_UpdateWindowSurface,
 * stretched to the surface's size by nearest texel (DXGI_SCALING_STRETCH, and D3D9's default
 * of stretching the back buffer to the window's client area).
 *
 * SDL2 is loaded at run time (dlopen of libSDL2-2.0.so.0, or the file SOFTD3D_WSI_LIBRARY
 * names); softd3d has no build dependency on it.  When SOFTD3D_WSI is unset nothing here runs;
 * when the library or one of its functions cannot be found, or SDL refuses the window (SDL
 * checks its windows: a handle that is no SDL_Window gets NULL and an error), one line is printed
 * and Present goes on as without it -- presenting to a window never fails a Present.
 * Window surfaces of 2 and 4 bytes a pixel (any channel masks SDL describes) are written;
 * other surfaces are skipped with a message.  The image is decoded as the PNG dump decodes it
 * (sRGB formats passed as their stored bytes).
 */
#ifndef SOFTD3D_SAMPLE_PRESENT_SDL_H
#define SOFTD3D_SAMPLE_PRESENT_SDL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/format.h"

/* True when SOFTD3D_WSI is "sdl2" (read at each call: tests set it per case).  Any other
 * non-empty value prints one line (once) and is ignored. */
bool present_sdl_enabled(void);

/* Shows the w x h image of `format` (rows `pitch` bytes apart) in `window`, an SDL_Window *,
 * if enabled and window is not NULL.  Never fails the caller. */
void present_sdl_write(void *window, core_format format, const uint8_t *data, size_t pitch,
                       uint32_t w, uint32_t h);

#endif
