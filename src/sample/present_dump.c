/* src/sample/present_dump.c — see present_dump.h. */
#include "sample/present_dump.h"

#include <stdio.h>
#include <stdlib.h>

#include "sample/texel.h"
#include "util/log.h"
#include "util/png.h"

bool present_dump_enabled(void)
{
    const char *dir = getenv("SOFTD3D_PRESENT_DUMP");
    return dir && *dir;
}

void present_dump_write(const char *file_name, core_format format, const uint8_t *data,
                        size_t pitch, uint32_t w, uint32_t h)
{
    const char *dir = getenv("SOFTD3D_PRESENT_DUMP");
    const struct texel_format *tf;
    uint8_t *rgb;
    char path[4096];
    if (!dir || !*dir)
        return;
    if (!(tf = texel_format_get(format)) || !(rgb = malloc((size_t)w * h * 3))) {
        util_msg(true, "SOFTD3D_PRESENT_DUMP: cannot convert the presented image");
        return;
    }
    for (uint32_t y = 0; y < h; y++) {
        for (uint32_t x = 0; x < w; x++) {
            float c[4];
            texel_load(tf, data, pitch, x, y, c);
            for (int k = 0; k < 3; k++)
                rgb[((size_t)y * w + x) * 3 + k] = (uint8_t)texel_float_to_unorm(c[k], 8);
        }
    }
    snprintf(path, sizeof(path), "%s/%s", dir, file_name);
    if (util_png_write(path, rgb, w, h, (size_t)w * 3, 3))
        util_msg(true, "SOFTD3D_PRESENT_DUMP: cannot write %s", path);
    free(rgb);
}
