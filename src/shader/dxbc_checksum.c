/* src/shader/dxbc_checksum.c — the DXBC checksum: MD5 with fxc's own final-block layout.
 *
 * THE ALGORITHM
 *   The 16 bytes at offset 4 of a DXBC blob hash bytes [20, end): everything after the checksum
 *   field and the magic, starting at the container version.  Let L be that length in bytes.  The
 *   hash runs the ordinary MD5 compression function (RFC 1321: same initial state, same rounds,
 *   little-endian message words) over every full 64-byte block of the data.  Only the padding of
 *   the end differs from MD5.  MD5 would append 0x80, zeros, and the 64-bit bit length at the
 *   END of the last block.  fxc instead puts the 32-bit bit length 8L in the FIRST word of the
 *   last block and a second value, 2L|1, in its last word.  With r = L mod 64 leftover bytes:
 *
 *     r <= 55:  one final block   [ 8L ][ leftover r bytes ][ 0x80 ][ 0 x (55 - r) ][ 2L|1 ]
 *                                   4          r               1        55 - r         4  = 64
 *     r >= 56:  the leftover, 0x80 and zeros fill one block (exactly MD5's first padding block:
 *               no room for the 8 trailing bytes), then a block of its own
 *                                 [ 8L ][ 0 x 56 ][ 2L|1 ]
 *
 *   (2L|1 is how the bit count looks after fxc's ">> 2 | 1": (8L >> 2) | 1.)  Both words are
 *   32-bit, so they wrap for L >= 2^29; the container's size field is 32-bit anyway.  The digest
 *   is the four state words, little-endian, exactly where MD5 would put them.
 *
 * HOW IT WAS CHECKED
 *   The layout above reproduces the checksums of fxc-compiled blobs found in public test data
 *   (both with r < 56), and vkd3d-compiler 1.2, which rejects a wrong checksum ("E0003: Invalid
 *   DXBC checksum"), accepts tests/test_dxbc.c's hand-built fixtures: one with r >= 56 (two
 *   final blocks) and one with r < 56.  dxbc_md5() is plain MD5 and passes RFC 1321's vectors.
 */
#include "shader/dxbc.h"

#include <string.h>

struct md5 {
    uint32_t s[4];
};

/* K[i] = floor(|sin(i + 1)| * 2^32), RFC 1321 section 3.4. */
static const uint32_t md5_k[64] = {
    0xd76aa478u, 0xe8c7b756u, 0x242070dbu, 0xc1bdceeeu,
    0xf57c0fafu, 0x4787c62au, 0xa8304613u, 0xfd469501u,
    0x698098d8u, 0x8b44f7afu, 0xffff5bb1u, 0x895cd7beu,
    0x6b901122u, 0xfd987193u, 0xa679438eu, 0x49b40821u,
    0xf61e2562u, 0xc040b340u, 0x265e5a51u, 0xe9b6c7aau,
    0xd62f105du, 0x02441453u, 0xd8a1e681u, 0xe7d3fbc8u,
    0x21e1cde6u, 0xc33707d6u, 0xf4d50d87u, 0x455a14edu,
    0xa9e3e905u, 0xfcefa3f8u, 0x676f02d9u, 0x8d2a4c8au,
    0xfffa3942u, 0x8771f681u, 0x6d9d6122u, 0xfde5380cu,
    0xa4beea44u, 0x4bdecfa9u, 0xf6bb4b60u, 0xbebfbc70u,
    0x289b7ec6u, 0xeaa127fau, 0xd4ef3085u, 0x04881d05u,
    0xd9d4d039u, 0xe6db99e5u, 0x1fa27cf8u, 0xc4ac5665u,
    0xf4292244u, 0x432aff97u, 0xab9423a7u, 0xfc93a039u,
    0x655b59c3u, 0x8f0ccc92u, 0xffeff47du, 0x85845dd1u,
    0x6fa87e4fu, 0xfe2ce6e0u, 0xa3014314u, 0x4e0811a1u,
    0xf7537e82u, 0xbd3af235u, 0x2ad7d2bbu, 0xeb86d391u,
};

/* Per-round rotation amounts, four per round. */
static const uint8_t md5_r[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};

static void md5_init(struct md5 *m)
{
    m->s[0] = 0x67452301u;
    m->s[1] = 0xefcdab89u;
    m->s[2] = 0x98badcfeu;
    m->s[3] = 0x10325476u;
}

static uint32_t rotl32(uint32_t x, unsigned n)
{
    return (x << n) | (x >> (32u - n));
}

/* One compression of a 64-byte block (any alignment). */
static void md5_block(struct md5 *m, const uint8_t *p)
{
    uint32_t w[16];
    uint32_t a = m->s[0], b = m->s[1], c = m->s[2], d = m->s[3];

    for (unsigned i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
               (uint32_t)p[4 * i + 3] << 24;
    for (unsigned i = 0; i < 64; i++) {
        uint32_t f;
        unsigned g;
        switch (i >> 4) {
        case 0: f = (b & c) | (~b & d); g = i; break;
        case 1: f = (d & b) | (~d & c); g = (5 * i + 1) & 15; break;
        case 2: f = b ^ c ^ d; g = (3 * i + 5) & 15; break;
        default: f = c ^ (b | ~d); g = (7 * i) & 15; break;
        }
        uint32_t t = d;
        d = c;
        c = b;
        b = b + rotl32(a + f + md5_k[i] + w[g], md5_r[i >> 4][i & 3]);
        a = t;
    }
    m->s[0] += a;
    m->s[1] += b;
    m->s[2] += c;
    m->s[3] += d;
}

static void put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void md5_digest(const struct md5 *m, uint8_t out[16])
{
    for (unsigned i = 0; i < 4; i++)
        put_le32(out + 4 * i, m->s[i]);
}

void dxbc_md5(const void *data, size_t size, uint8_t out[16])
{
    const uint8_t *p = data;
    uint8_t last[128];
    size_t full = size & ~(size_t)63, r = size - full;
    uint64_t bits = (uint64_t)size * 8u;
    struct md5 m;

    md5_init(&m);
    for (size_t i = 0; i < full; i += 64)
        md5_block(&m, p + i);
    /* RFC 1321 padding: 0x80, zeros up to 56 mod 64, then the 64-bit bit count. */
    memset(last, 0, sizeof(last));
    if (r)
        memcpy(last, p + full, r);
    last[r] = 0x80;
    size_t n = r < 56 ? 64 : 128;
    put_le32(last + n - 8, (uint32_t)bits);
    put_le32(last + n - 4, (uint32_t)(bits >> 32));
    md5_block(&m, last);
    if (n == 128)
        md5_block(&m, last + 64);
    md5_digest(&m, out);
}

int dxbc_compute_checksum(const void *blob, size_t size, uint8_t out[16])
{
    if (!blob || !out || size < DXBC_HASHED_OFFSET)
        return DXBC_E_TRUNCATED;

    const uint8_t *p = (const uint8_t *)blob + DXBC_HASHED_OFFSET;
    size_t len = size - DXBC_HASHED_OFFSET;
    size_t full = len & ~(size_t)63, r = len - full;
    uint32_t bits = (uint32_t)len * 8u; /* fxc's 32-bit counts wrap; see the top comment */
    uint8_t block[64];
    struct md5 m;

    md5_init(&m);
    for (size_t i = 0; i < full; i += 64)
        md5_block(&m, p + i);

    memset(block, 0, sizeof(block));
    if (r < 56) {
        put_le32(block, bits);
        if (r)
            memcpy(block + 4, p + full, r);
        block[4 + r] = 0x80;
        put_le32(block + 60, (bits >> 2) | 1u);
        md5_block(&m, block);
    } else {
        memcpy(block, p + full, r);
        block[r] = 0x80;
        md5_block(&m, block);
        memset(block, 0, sizeof(block));
        put_le32(block, bits);
        put_le32(block + 60, (bits >> 2) | 1u);
        md5_block(&m, block);
    }
    md5_digest(&m, out);
    return DXBC_OK;
}

int dxbc_sign(void *blob, size_t size)
{
    uint8_t sum[16];
    int ret = dxbc_compute_checksum(blob, size, sum);

    if (ret == DXBC_OK)
        memcpy((uint8_t *)blob + DXBC_CHECKSUM_OFFSET, sum, sizeof(sum));
    return ret;
}
