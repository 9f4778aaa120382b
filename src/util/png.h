/* src/util/png.h — a minimal PNG writer (8-bit RGB or RGBA, no compression).
 *
 * The image data goes into zlib "stored" deflate blocks (RFC 1950 / 1951: no compression), so
 * no zlib is needed; every row uses filter type 0.  The files are larger than compressed ones
 * but every PNG reader opens them.  Used by the Direct3D 9 present dump (SOFTD3D_PRESENT_DUMP).
 */
#ifndef SOFTD3D_UTIL_PNG_H
#define SOFTD3D_UTIL_PNG_H

#include <stddef.h>
#include <stdint.h>

/* Writes `width` x `height` pixels of `channels` (3: RGB, 4: RGBA) bytes each, rows `stride`
 * bytes apart, to `path`.  Returns 0, or -1 (errno set) when the sizes are 0, too large for PNG
 * (over 2^31 - 1 a side) or the file cannot be written. */
int util_png_write(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                   size_t stride, unsigned channels);

/* The same image as a PNG byte stream in memory (malloc'd, *size bytes); NULL on failure. */
uint8_t *util_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         unsigned channels, size_t *size);

#endif
