/* src/util/png.c — see png.h.  The file layout (PNG specification, ISO/IEC 15948):
 *   signature 89 50 4E 47 0D 0A 1A 0A
 *   IHDR: width, height (big-endian), bit depth 8, colour type 2 (RGB) or 6 (RGBA),
 *         compression 0, filter 0, interlace 0
 *   IDAT: one zlib stream: CMF 0x78, FLG 0x01 (no dictionary, fastest; 0x7801 % 31 == 0), then
 *         stored deflate blocks of at most 65535 bytes (BFINAL bit, BTYPE 00, LEN, ~LEN, little-
 *         endian), then the Adler-32 of the uncompressed data (big-endian).  The uncompressed
 *         data is each row preceded by its filter byte 0.
 *   IEND
 * Every chunk is length (big-endian), type, data, CRC-32 (of type and data). */
#include "util/png.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t crc_table[256];
static pthread_once_t crc_once = PTHREAD_ONCE_INIT;

static void crc_init(void)
{
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}

static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
    crc = ~crc;
    while (n--)
        crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
    return ~crc;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Appends a chunk whose data is already at out + 8 (length and type are written here). */
static size_t finish_chunk(uint8_t *out, const char type[4], size_t len)
{
    put32(out, (uint32_t)len);
    memcpy(out + 4, type, 4);
    put32(out + 8 + len, crc32_update(0, out + 4, len + 4));
    return len + 12;
}

uint8_t *util_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         unsigned channels, size_t *size)
{
    static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a };
    size_t row, raw, blocks, zlen, total, pos, done = 0;
    uint32_t a = 1, b = 0;   /* Adler-32 */
    uint8_t *out, *z;

    *size = 0;
    if (!pixels || !width || !height || width > 0x7fffffffu || height > 0x7fffffffu ||
        (channels != 3 && channels != 4)) {
        errno = EINVAL;
        return NULL;
    }
    if (__builtin_mul_overflow((size_t)width, channels, &row) ||
        __builtin_add_overflow(row, 1, &row) || __builtin_mul_overflow(row, height, &raw) ||
        stride < row - 1) {
        errno = EOVERFLOW;
        return NULL;
    }
    blocks = raw / 65535 + 1;
    zlen = 2 + blocks * 5 + raw + 4;
    if (zlen < raw || zlen > 0x7fffffffu) {
        errno = EOVERFLOW;
        return NULL;
    }
    total = 8 + (12 + 13) + (12 + zlen) + 12;
    if (!(out = malloc(total)))
        return NULL;
    pthread_once(&crc_once, crc_init);
    memcpy(out, signature, 8);
    pos = 8;

    /* IHDR */
    put32(out + pos + 8, width);
    put32(out + pos + 12, height);
    out[pos + 16] = 8;
    out[pos + 17] = channels == 4 ? 6 : 2;
    out[pos + 18] = out[pos + 19] = out[pos + 20] = 0;
    pos += finish_chunk(out + pos, "IHDR", 13);

    /* IDAT: the rows streamed through stored blocks. */
    z = out + pos + 8;
    z[0] = 0x78;
    z[1] = 0x01;
    z += 2;
    for (size_t blk = 0; blk < blocks; blk++) {
        size_t n = raw - done < 65535 ? raw - done : 65535;
        z[0] = blk + 1 == blocks ? 1 : 0;
        z[1] = (uint8_t)n;
        z[2] = (uint8_t)(n >> 8);
        z[3] = (uint8_t)~n;
        z[4] = (uint8_t)(~n >> 8);
        z += 5;
        for (size_t i = 0; i < n; i++, done++) {
            size_t y = done / row, x = done % row;
            uint8_t v = x ? pixels[y * stride + x - 1] : 0;   /* filter byte 0 */
            *z++ = v;
            a = (a + v) % 65521;
            b = (b + a) % 65521;
        }
    }
    put32(z, (b << 16) | a);
    pos += finish_chunk(out + pos, "IDAT", zlen);

    pos += finish_chunk(out + pos, "IEND", 0);
    *size = pos;
    return out;
}

int util_png_write(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                   size_t stride, unsigned channels)
{
    size_t size;
    uint8_t *data = util_png_encode(pixels, width, height, stride, channels, &size);
    FILE *f;
    int ret = 0;
    if (!data)
        return -1;
    if (!(f = fopen(path, "wb"))) {
        free(data);
        return -1;
    }
    if (fwrite(data, 1, size, f) != size)
        ret = -1;
    if (fclose(f))
        ret = -1;
    free(data);
    return ret;
}
