/* tests/vm_ref_math.h — expectations for the VM's exp/log/sincos: vm_math.c's documented
 * algorithms (their precision against double precision is tested in tests/test_jit.c), as
 * scalar float functions for the tests that compute expected values. */
#ifndef SOFTD3D_TESTS_VM_REF_MATH_H
#define SOFTD3D_TESTS_VM_REF_MATH_H

#include <stdint.h>
#include <string.h>

#include "vm/vm_private.h"

#define REF_FN(name, lanes)                                                                    \
    static inline float name(float x)                                                          \
    {                                                                                          \
        uint32_t u;                                                                            \
        memcpy(&u, &x, sizeof(u));                                                             \
        lanes(&u, 1);                                                                          \
        memcpy(&x, &u, sizeof(x));                                                             \
        return x;                                                                              \
    }
REF_FN(ref_exp2f, vm_lanes_exp2)
REF_FN(ref_log2f, vm_lanes_log2)
REF_FN(ref_sinf, vm_lanes_sin)
REF_FN(ref_cosf, vm_lanes_cos)
#undef REF_FN

#endif
