/* src/util/hash.h — FNV-1a, 64 bits, over bytes: the key of the program caches (D3D11 draw and
 * compute bytecode, D3D9 fixed-function state keys).  Not a cryptographic hash: the caches
 * compare the bytes after a hash match. */
#ifndef SOFTD3D_UTIL_HASH_H
#define SOFTD3D_UTIL_HASH_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t util_fnv1a64(const void *data, size_t n)
{
    const uint8_t *p = data;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

#endif
