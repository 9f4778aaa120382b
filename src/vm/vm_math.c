/* src/vm/vm_math.c — the transcendental instructions over a batch's lanes, shared by the
 * interpreter (vm_alu.c) and the JIT (which calls these functions rather than generating its
 * own approximations), so the two engines agree bit for bit by construction (jit.h).
 *
 * Each function reads and writes n lanes of one register component in place: the
 * operand's raw bits in, the result's raw bits out, with the float rules of vm.h (denormals
 * flushed on input and output, NaN canonical).  Special cases follow the spec's tables
 * (D3D11.3 functional specification 22.10.6 exp, 22.10.8 log, 22.10.20 sincos).
 */
#include "vm/vm_private.h"

#include <math.h>

void vm_lanes_exp2(uint32_t *v, unsigned n)
{
    for (unsigned l = 0; l < n; l++)
        v[l] = vm_fout(exp2f(vm_fin(v[l])));
}

void vm_lanes_log2(uint32_t *v, unsigned n)
{
    for (unsigned l = 0; l < n; l++)
        v[l] = vm_fout(log2f(vm_fin(v[l])));
}

void vm_lanes_sin(uint32_t *v, unsigned n)
{
    for (unsigned l = 0; l < n; l++)
        v[l] = vm_fout(sinf(vm_fin(v[l])));
}

void vm_lanes_cos(uint32_t *v, unsigned n)
{
    for (unsigned l = 0; l < n; l++)
        v[l] = vm_fout(cosf(vm_fin(v[l])));
}
