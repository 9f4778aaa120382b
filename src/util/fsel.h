/* src/util/fsel.h — a float select that vectorises.
 *
 * `c ? a : b` on floats does not become a vector blend under GCC's default -ftrapping-math
 * (evaluating the unselected side could raise a floating-point exception the program would not
 * have raised), so loops over lanes that contain one stay scalar.  util_fsel computes both sides
 * and selects on the bits: the same value, and loops that use it vectorise.  Both arguments are
 * always evaluated, so only pass expressions that are safe to compute for every lane. */
#ifndef SOFTD3D_UTIL_FSEL_H
#define SOFTD3D_UTIL_FSEL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

static inline float util_fsel(bool c, float a, float b)
{
    uint32_t ua, ub, m = 0u - (uint32_t)c;
    memcpy(&ua, &a, sizeof ua);
    memcpy(&ub, &b, sizeof ub);
    ua = (ua & m) | (ub & ~m);
    memcpy(&a, &ua, sizeof a);
    return a;
}

#endif
