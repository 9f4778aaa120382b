/* src/util/bits.h — bit counting without the compiler's library call.
 *
 * The build targets baseline x86-64 (no POPCNT), where __builtin_popcount becomes a call to
 * libgcc's __popcountdi2: 1.2% of a textured scene's profile when draw_shade counted each
 * batch's passing samples with it.  The SWAR form is a dozen inline integer operations. */
#ifndef SOFTD3D_UTIL_BITS_H
#define SOFTD3D_UTIL_BITS_H

#include <stdint.h>

static inline uint32_t util_popcount32(uint32_t a)
{
    a = a - ((a >> 1) & 0x55555555u);
    a = (a & 0x33333333u) + ((a >> 2) & 0x33333333u);
    a = (a + (a >> 4)) & 0x0f0f0f0fu;
    return (a * 0x01010101u) >> 24;
}

#endif
