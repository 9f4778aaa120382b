/* src/sample/present_dump.h — the present dump both front-ends share (SOFTD3D_PRESENT_DUMP).
 *
 * When the environment variable SOFTD3D_PRESENT_DUMP names a directory, a front-end's Present
 * hands its presented image here: it is decoded texel by texel (texel_load, any decodable core
 * format) and written as an 8-bit RGB PNG (src/util/png.c) to DIR/<file_name>.  The file names
 * are the front-ends' (d3d9: softd3d-d3d9-dev<N>-frame<NNNNNN>.png..., d3d11:
 * softd3d-d3d11-sc<N>-frame<NNNNNN>.png).  A file that cannot be written prints one line; it
 * never fails the Present.
 */
#ifndef SOFTD3D_SAMPLE_PRESENT_DUMP_H
#define SOFTD3D_SAMPLE_PRESENT_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/format.h"

/* True when SOFTD3D_PRESENT_DUMP is set to a non-empty value (the caller may then skip building
 * a file name). */
bool present_dump_enabled(void);

/* Writes the w x h image of `format` (rows `pitch` bytes apart) as DIR/file_name, if enabled.
 * sRGB formats are written as their stored bytes (a PNG holds sRGB-encoded values): pass the
 * format's UNORM twin to keep them unconverted. */
void present_dump_write(const char *file_name, core_format format, const uint8_t *data,
                        size_t pitch, uint32_t w, uint32_t h);

#endif
