/* tests/test_png_util.h — a PNG reader for the tests of the present dump: it decodes exactly
 * what src/util/png.c writes (stored deflate blocks, filter 0, RGB or RGBA 8-bit) and checks
 * every CRC and the Adler-32, so a test can compare the dumped pixels byte for byte. */
#ifndef SOFTD3D_TESTS_PNG_UTIL_H
#define SOFTD3D_TESTS_PNG_UTIL_H

#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline uint32_t t_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline uint32_t t_crc32(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
    }
    return ~c;
}

/* Decodes a PNG of stored deflate blocks (what util/png.c writes) into rgb(a) pixels; returns
 * the channel count, 0 on any inconsistency. */
static inline unsigned png_decode_stored(const uint8_t *png, size_t size, uint32_t *w, uint32_t *h,
                                  uint8_t **pixels)
{
    static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a };
    size_t pos = 8, out = 0, raw_size = 0;
    unsigned ch = 0;
    uint8_t *raw = NULL;
    if (size < 8 || memcmp(png, sig, 8))
        return 0;
    while (pos + 12 <= size) {
        uint32_t len = t_be32(png + pos);
        const uint8_t *type = png + pos + 4, *data = png + pos + 8;
        if (pos + 12 + len > size || t_crc32(type, len + 4) != t_be32(data + len))
            break;
        if (!memcmp(type, "IHDR", 4)) {
            *w = t_be32(data);
            *h = t_be32(data + 4);
            ch = data[9] == 6 ? 4 : data[9] == 2 ? 3 : 0;
            raw_size = (size_t)*h * (1 + (size_t)*w * ch);
            raw = malloc(raw_size);
        } else if (!memcmp(type, "IDAT", 4) && raw) {
            const uint8_t *z = data + 2;
            uint32_t a = 1, b = 0;
            bool last = false;
            if (data[0] != 0x78 || ((data[0] << 8) | data[1]) % 31)
                break;
            while (!last) {
                size_t n = z[1] | (size_t)z[2] << 8;
                last = z[0] & 1;
                if ((z[0] & 6) || (n ^ 0xffff) != (size_t)(z[3] | z[4] << 8) || out + n > raw_size)
                    goto fail;
                memcpy(raw + out, z + 5, n);
                for (size_t i = 0; i < n; i++) {
                    a = (a + z[5 + i]) % 65521;
                    b = (b + a) % 65521;
                }
                out += n;
                z += 5 + n;
            }
            if (t_be32(z) != ((b << 16) | a))
                goto fail;
        } else if (!memcmp(type, "IEND", 4)) {
            if (!raw || out != raw_size)
                goto fail;
            *pixels = malloc((size_t)*w * *h * ch);
            for (uint32_t y = 0; y < *h; y++) {
                if (raw[y * (1 + (size_t)*w * ch)] != 0)
                    goto fail;
                memcpy(*pixels + (size_t)y * *w * ch, raw + y * (1 + (size_t)*w * ch) + 1,
                       (size_t)*w * ch);
            }
            free(raw);
            return ch;
        }
        pos += 12 + len;
    }
fail:
    free(raw);
    return 0;
}

/* Finds the files DIR/<prefix>...<frame>... of the present dump, returns the first pixel
 * (0xRRGGBB) and size of the last one read, counts them in *found, and removes them. */
static inline uint32_t png_dump_first_pixel(const char *dir, const char *prefix,
                                            const char *frame, int *found, uint32_t *width,
                                            uint32_t *height)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    uint32_t px = 0;
    *found = 0;
    if (!d)
        return 0;
    while ((e = readdir(d))) {
        char path[512];
        FILE *f;
        uint8_t *buf, *pixels = NULL;
        uint32_t w = 0, h = 0;
        long size;
        if (strncmp(e->d_name, prefix, strlen(prefix)) || !strstr(e->d_name, frame))
            continue;
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        if (!(f = fopen(path, "rb")))
            continue;
        fseek(f, 0, SEEK_END);
        size = ftell(f);
        fseek(f, 0, SEEK_SET);
        buf = malloc((size_t)size);
        if (buf && fread(buf, 1, (size_t)size, f) == (size_t)size &&
            png_decode_stored(buf, (size_t)size, &w, &h, &pixels) == 3) {
            (*found)++;
            *width = w;
            *height = h;
            px = (uint32_t)pixels[0] << 16 | (uint32_t)pixels[1] << 8 | pixels[2];
        }
        free(pixels);
        free(buf);
        fclose(f);
        remove(path);
    }
    closedir(d);
    return px;
}

#endif
