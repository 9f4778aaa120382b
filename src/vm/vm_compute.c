/* src/vm/vm_compute.c — compute programs on the VM: the memory instructions, sync, and one
 * thread group run as chunks of VM_LANES lanes between barriers (see vm.h).
 *
 * READ ME FIRST
 *   A group has up to 1024 threads; the VM runs 32 lanes at once.  A group barrier (sync with
 *   _t, GroupMemoryBarrierWithGroupSync) needs every thread of the group to arrive before any
 *   goes on (D3D11.3 functional spec 7.14.6).  vm_compute_run_group runs the group in rounds:
 *   each chunk of 32 threads (its own vm_state) runs until it executes a barrier, where the
 *   interpreter stops and keeps its place (vm_run_resumable: registers, open constructs and
 *   calls stay in the state); when every chunk has stopped or ended, the stopped ones resume.
 *   So a barrier works anywhere the API allows one: at the top level, in loops and branches
 *   whose condition is uniform across the group, in subroutines.  (In divergent flow the API
 *   leaves the result undefined; here a chunk whose executing lanes reach a barrier waits for
 *   the round, deterministically.)  Fences without _t (sync_g, sync_ugroup, sync_uglobal)
 *   order memory only: every access below is performed at once, in program order, so within a
 *   group they need nothing; _uglobal adds a full fence for other groups' threads.

 *   Addresses (shader model 5 reference, ld_raw / ld_structured / store_* / atomic_*):
 *     raw: a byte address (its low two bits ignored: the address must be a multiple of 4);
 *       dword k of a load is at address + 4k, then the memory operand's swizzle selects;
 *       store_raw writes the mask's components to consecutive dwords.
 *     structured: element index * stride + byte offset; an index past the elements or an
 *       offset past the stride is outside.
 *     atomics: dst address .x (raw) or .xy (structured: index, offset).
 *   Outside the view or block, or unbound: loads read 0, stores and atomics are dropped and
 *   imm_atomic_* return 0 (spec 5.3.4.4: out-of-bounds reads return 0, writes are
 *   discarded).  Every dword is checked on its own, so no access leaves the memory given.
 *
 *   Lanes execute each memory instruction in lane order, so a group's results are
 *   deterministic; across groups UAV words are accessed with relaxed atomics (groups may run
 *   on several threads) and the atomics' final values do not depend on the order.
 *
 *   Typed UAVs (ld_uav_typed, store_uav_typed, atomics on typed views) go through the
 *   caller's typed() / typed_word() (vm.h: the formats are the caller's), one call per
 *   instruction and chunk for loads and stores (compiled code, jit.h: store_uav_typed writes
 *   the views vm_cs_env.uav_view describes itself, and calls typed() per chunk of its width,
 *   vm_typed_store_chunk, for the others).
 */
#include "vm/vm_private.h"

#include <stdlib.h>

#include "shader/ir_compute.h"

/* ---- preparation ------------------------------------------------------------------------------ */

int vm_compute_prepare(const struct ir_program *ir, struct vm_program *prog)
{
    uint32_t off = 0;
    if (ir->tgsm.count > IR_MAX_TGSM)
        return VM_E_INVALID;
    for (unsigned k = 0; k < 3; k++)
        prog->cs_threads[k] = ir->cs_threads[k];
    /* SV_GroupThreadID of every flattened index, counted up as vm_compute_run_group's lanes
     * are (past the last thread too, to the end of its chunk): a chunk's ids are then copies
     * and sums that vectorise, instead of a counter with carries per lane and group */
    const uint32_t *t = prog->cs_threads;
    uint64_t total = (uint64_t)t[0] * t[1] * t[2];
    if (total && total <= IR_CS_MAX_THREADS) {
        uint32_t n = (uint32_t)(total + VM_LANES - 1) / VM_LANES * VM_LANES;
        prog->cs_local = malloc(sizeof(uint32_t) * 3 * n);
        if (!prog->cs_local)
            return VM_E_NOMEM;
        uint32_t in[3] = {0, 0, 0};
        for (uint32_t f = 0; f < n; f++) {
            for (unsigned c = 0; c < 3; c++)
                prog->cs_local[c * n + f] = in[c];
            if (++in[0] == t[0]) {
                in[0] = 0;
                if (++in[1] == t[1]) {
                    in[1] = 0;
                    in[2]++;
                }
            }
        }
    }
    prog->tgsm_count = ir->tgsm.count;
    for (uint32_t k = 0; k < ir->tgsm.count; k++) {
        prog->tgsm_off[k] = off;
        prog->tgsm_size[k] = ir->tgsm.items[k].size;
        prog->tgsm_stride[k] = ir->tgsm.items[k].stride;
        off += ir->tgsm.items[k].size;   /* <= 32 KiB in all (ir_validate) */
    }
    prog->tgsm_bytes = off;
    for (uint32_t k = 0; k < ir->uavs.count; k++) {
        const struct ir_uav *u = &ir->uavs.items[k];
        if (u->slot < IR_MAX_UAVS && u->dim != IR_RES_RAW_BUFFER &&
            u->dim != IR_RES_STRUCTURED_BUFFER)
            prog->uav_typed |= 1ull << u->slot;
    }
    return VM_OK;
}

uint32_t vm_program_tgsm_bytes(const struct vm_program *prog)
{
    return prog ? prog->tgsm_bytes : 0;
}

const char *vm_program_cs_unsupported(const struct vm_program *prog)
{
    return prog && prog->type == IR_SHADER_COMPUTE ? prog->cs_unsupported : "not a compute "
                                                                            "program";
}

uint32_t vm_compute_threads(const struct vm_program *prog)
{
    if (!prog || prog->type != IR_SHADER_COMPUTE)
        return 0;
    return prog->cs_threads[0] * prog->cs_threads[1] * prog->cs_threads[2];
}

uint32_t vm_compute_chunks(const struct vm_program *prog)
{
    return (vm_compute_threads(prog) + VM_LANES - 1) / VM_LANES;
}

/* ---- memory ------------------------------------------------------------------------------------ */

/* The memory a memory operand names, as a view (TGSM blocks of this group included). */
static struct vm_memory view_of(const struct vm_exec *x, const struct vm_opnd *m)
{
    struct vm_memory v = {0};
    const struct vm_cs_env *cs = x->env->cs;
    const struct vm_program *p = x->prog;
    if (!cs)
        return v;
    switch (m->base) {
    case VM_MEM_UAV:
        return m->index < IR_MAX_UAVS ? cs->uav[m->index] : v;
    case VM_MEM_SRV:
        return m->index < IR_MAX_RESOURCES ? cs->srv[m->index] : v;
    default:
        if (m->index >= p->tgsm_count || !cs->tgsm)
            return v;
        v.data = cs->tgsm + p->tgsm_off[m->index];
        v.size = p->tgsm_size[m->index];
        v.stride = p->tgsm_stride[m->index];
        v.elements = v.stride ? v.size / v.stride : v.size;
        return v;
    }
}

/* The dword at byte `addr` (+ `extra` bytes), or NULL when any of it lies outside.  For a
 * structured view addr is index * stride + offset, checked as such by the caller. */
static uint32_t *word_at(const struct vm_memory *v, uint64_t addr)
{
    if (!v->data || addr + 4 > (uint64_t)(v->size & ~3u))
        return NULL;
    return (uint32_t *)(void *)(v->data + addr);
}

/* Byte address of dword k of a lane's access; UINT64_MAX when outside a structured element. */
static uint64_t address(const struct vm_memory *v, bool structured, uint32_t a, uint32_t b,
                        unsigned k)
{
    if (!structured)
        return (uint64_t)(a & ~3u) + 4u * k;
    if (!v->stride || a >= v->elements || (uint64_t)(b & ~3u) + 4u * k + 4 > v->stride)
        return UINT64_MAX;
    return (uint64_t)a * v->stride + (b & ~3u) + 4u * k;
}

static uint32_t load_word(uint32_t *w)
{
    return w ? __atomic_load_n(w, __ATOMIC_RELAXED) : 0;
}

static void store_word(uint32_t *w, uint32_t v)
{
    if (w)
        __atomic_store_n(w, v, __ATOMIC_RELAXED);
}

/* The lanes' raw address (a.x), or structured index (a.x) and byte offset (b.x). */
static void fetch_where(struct vm_exec *x, const struct vm_ins *in, const struct ir_mem_layout *l,
                        bool structured, vm_reg a, vm_reg b)
{
    vm_fetch(x, &in->src[structured ? l->index : l->address], 1, a);
    if (structured)
        vm_fetch(x, &in->src[l->offset], 1, b);
}

/* The status of an _s load (ir.h): 1 in every component of the lanes in `unmapped`, else 0
 * (check_access_fully_mapped, vm_resource.c, reads 0 as fully mapped). */
static void store_status(struct vm_exec *x, const struct vm_ins *in, unsigned d,
                         uint32_t unmapped)
{
    vm_reg s;
    VM_FOR_LANES(lane) s[0][lane] = (unmapped >> lane) & 1;
    for (unsigned c = 1; c < 4; c++)
        memcpy(s[c], s[0], sizeof(s[0]));
    vm_store(x, in, d, s, false);
}

/* ld_raw / ld_structured (and their SRV forms), and the _s forms: their status is set for a
 * lane when a dword it loaded (a component of the result's mask) came from a tile mapped to
 * NULL -- CheckAccessFullyMapped: "FALSE if any values were taken from an unmapped tile";
 * a dword outside the view was taken from no tile, and such a word reads 0 either way. */
static void op_load(struct vm_exec *x, const struct vm_ins *in)
{
    const struct ir_mem_layout *l = ir_mem_layout(in->op);
    const struct vm_opnd *m = &in->src[l->mem_src];
    struct vm_memory v = view_of(x, m);
    bool st = in->op == IR_OP_LD_STRUCTURED || in->op == IR_OP_LD_STRUCTURED_S;
    bool probe = l->status >= 0 && v.unmapped;
    uint32_t unmapped = 0;
    vm_reg a, b, out;
    fetch_where(x, in, l, st, a, b);
    memset(out, 0, sizeof(vm_reg));
    VM_FOR_MASK(c, in->dst[0].mask) {
        VM_FOR_LANES(lane) {
            if (!((x->exec >> lane) & 1))
                continue;
            uint64_t at = address(&v, st, a[0][lane], st ? b[0][lane] : 0, m->swz[c]);
            uint32_t *w = at == UINT64_MAX ? NULL : word_at(&v, at);
            out[c][lane] = load_word(w);
            if (probe && w && v.unmapped(v.unmapped_ctx, (const uint8_t *)w))
                unmapped |= 1u << lane;
        }
    }
    vm_store(x, in, 0, out, false);
    if (l->status >= 0)
        store_status(x, in, (unsigned)l->status, unmapped);
}

/* store_raw / store_structured: the mask's components to consecutive dwords. */
static void op_store(struct vm_exec *x, const struct vm_ins *in)
{
    const struct ir_mem_layout *l = ir_mem_layout(in->op);
    const struct vm_opnd *m = &in->dst[l->mem_dst];
    struct vm_memory v = view_of(x, m);
    bool st = in->op == IR_OP_STORE_STRUCTURED;
    vm_reg a, b, val;
    uint32_t lanes = x->exec & ~x->env->helper_lanes;
    if (m->base == VM_MEM_SRV || !v.data)
        return;
    fetch_where(x, in, l, st, a, b);
    vm_fetch(x, &in->src[l->value], m->mask, val);
    VM_FOR_LANES(lane) {
        if (!((lanes >> lane) & 1))
            continue;
        unsigned k = 0;
        VM_FOR_MASK(c, m->mask) {
            uint64_t at = address(&v, st, a[0][lane], st ? b[0][lane] : 0, k++);
            if (at != UINT64_MAX)
                store_word(word_at(&v, at), val[c][lane]);
        }
    }
}

/* One atomic read-modify-write; returns the value before.  cmp is used by the compare forms. */
static uint32_t rmw(unsigned op, uint32_t *w, uint32_t value, uint32_t cmp)
{
    uint32_t old, want;
    switch (op) {
    case IR_OP_ATOMIC_AND: case IR_OP_IMM_ATOMIC_AND:
        return __atomic_fetch_and(w, value, __ATOMIC_RELAXED);
    case IR_OP_ATOMIC_OR: case IR_OP_IMM_ATOMIC_OR:
        return __atomic_fetch_or(w, value, __ATOMIC_RELAXED);
    case IR_OP_ATOMIC_XOR: case IR_OP_IMM_ATOMIC_XOR:
        return __atomic_fetch_xor(w, value, __ATOMIC_RELAXED);
    case IR_OP_ATOMIC_IADD: case IR_OP_IMM_ATOMIC_IADD:
        return __atomic_fetch_add(w, value, __ATOMIC_RELAXED);
    case IR_OP_IMM_ATOMIC_EXCH:
        return __atomic_exchange_n(w, value, __ATOMIC_RELAXED);
    case IR_OP_ATOMIC_CMP_STORE: case IR_OP_IMM_ATOMIC_CMP_EXCH:
        old = cmp;
        __atomic_compare_exchange_n(w, &old, value, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
        return old;   /* the value before, whether or not it matched */
    default:
        break;
    }
    /* min / max: a compare-exchange loop */
    old = __atomic_load_n(w, __ATOMIC_RELAXED);
    do {
        switch (op) {
        case IR_OP_ATOMIC_IMAX: case IR_OP_IMM_ATOMIC_IMAX:
            want = (int32_t)value > (int32_t)old ? value : old;
            break;
        case IR_OP_ATOMIC_IMIN: case IR_OP_IMM_ATOMIC_IMIN:
            want = (int32_t)value < (int32_t)old ? value : old;
            break;
        case IR_OP_ATOMIC_UMAX: case IR_OP_IMM_ATOMIC_UMAX:
            want = value > old ? value : old;
            break;
        default:
            want = value < old ? value : old;
            break;
        }
    } while (want != old &&
             !__atomic_compare_exchange_n(w, &old, want, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return old;
}

/* atomic_* and imm_atomic_* (but alloc / consume). */
static void op_atomic(struct vm_exec *x, const struct vm_ins *in)
{
    const struct ir_mem_layout *l = ir_mem_layout(in->op);
    const struct vm_opnd *m = &in->dst[l->mem_dst];
    struct vm_memory v = view_of(x, m);
    bool st = v.stride != 0;
    vm_reg a, val, cmp, out;
    vm_fetch(x, &in->src[l->address], st ? 3 : 1, a);
    vm_fetch(x, &in->src[l->value], 1, val);
    if (l->cmp >= 0)
        vm_fetch(x, &in->src[l->cmp], 1, cmp);
    memset(out, 0, sizeof(vm_reg));
    bool typed = m->base == VM_MEM_UAV && ((x->prog->uav_typed >> m->index) & 1);
    const struct vm_cs_env *cs = x->env->cs;
    if (typed)
        vm_fetch(x, &in->src[l->address], 7, a);
    uint32_t lanes = x->exec & ~x->env->helper_lanes;   /* helpers return 0 */
    VM_FOR_LANES(lane) {
        if (!((lanes >> lane) & 1))
            continue;
        uint32_t *w;
        if (typed) {
            const uint32_t c[3] = {a[0][lane], a[1][lane], a[2][lane]};
            w = cs && cs->typed_word ? cs->typed_word(cs->typed_ctx, m->index, c) : NULL;
        } else {
            uint64_t at = address(&v, st, a[0][lane], st ? a[1][lane] : 0, 0);
            w = at == UINT64_MAX ? NULL : word_at(&v, at);
        }
        if (w)
            out[0][lane] = rmw(in->op, w, val[0][lane], l->cmp >= 0 ? cmp[0][lane] : 0);
    }
    if (l->result >= 0) {
        for (unsigned c = 1; c < 4; c++)
            memcpy(out[c], out[0], sizeof(out[0]));
        vm_store(x, in, (unsigned)l->result, out, false);
    }
}

/* imm_atomic_alloc: the counter before, then +1; imm_atomic_consume: -1, then the counter
 * (shader model 5 reference).  Lanes in order, so a group's indices are deterministic. */
static void op_counter(struct vm_exec *x, const struct vm_ins *in)
{
    struct vm_memory v = view_of(x, &in->dst[1]);
    bool alloc = in->op == IR_OP_IMM_ATOMIC_ALLOC;
    vm_reg out;
    memset(out, 0, sizeof(vm_reg));
    uint32_t lanes = x->exec & ~x->env->helper_lanes;
    VM_FOR_LANES(lane) {
        if (!((lanes >> lane) & 1) || !v.counter)
            continue;
        out[0][lane] = alloc ? __atomic_fetch_add(v.counter, 1u, __ATOMIC_RELAXED)
                             : __atomic_sub_fetch(v.counter, 1u, __ATOMIC_RELAXED);
    }
    for (unsigned c = 1; c < 4; c++)
        memcpy(out[c], out[0], sizeof(out[0]));
    vm_store(x, in, 0, out, false);
}

/* bufinfo: elements of a structured view, bytes of a raw one, in every component. */
static void op_bufinfo(struct vm_exec *x, const struct vm_ins *in)
{
    struct vm_memory v = view_of(x, &in->src[0]);
    vm_reg out;
    VM_FOR_LANES(lane) {
        for (unsigned c = 0; c < 4; c++)
            out[c][lane] = v.data ? v.elements : 0;
    }
    vm_store(x, in, 0, out, false);
}

/* ld_uav_typed / store_uav_typed: coordinates .xyz (uint), the caller converts;
 * ld_uav_typed_s: its status from the caller's typed_unmapped (the element's tile). */
static void op_typed(struct vm_exec *x, const struct vm_ins *in)
{
    const struct vm_cs_env *cs = x->env->cs;
    const struct ir_mem_layout *l = ir_mem_layout(in->op);
    bool store = in->op == IR_OP_STORE_UAV_TYPED;
    const struct vm_opnd *m = store ? &in->dst[0] : &in->src[1];
    vm_reg coord, val;
    vm_fetch(x, &in->src[0], 7, coord);
    memset(val, 0, sizeof(vm_reg));
    if (store)
        vm_fetch(x, &in->src[1], 15, val);
    uint32_t lanes = store ? x->exec & ~x->env->helper_lanes : x->exec;
    if (cs && cs->typed && lanes)
        cs->typed(cs->typed_ctx, m->index, store, lanes, (const uint32_t (*)[VM_LANES])coord,
                  val);
    if (store)
        return;
    vm_reg out;
    for (unsigned c = 0; c < 4; c++)
        memcpy(out[c], val[m->swz[c]], sizeof(out[c]));   /* the u# swizzle selects */
    vm_store(x, in, 0, out, false);
    if (l->status >= 0)
        store_status(x, in, (unsigned)l->status,
                     cs && cs->typed_unmapped && lanes ?
                         cs->typed_unmapped(cs->typed_ctx, m->index, lanes,
                                            (const uint32_t (*)[VM_LANES])coord) & lanes : 0);
}

void vm_typed_store_chunk(struct vm_exec *x, const struct vm_ins *in, uint32_t chunk,
                          uint32_t width)
{
    const struct vm_cs_env *cs = x->env->cs;
    struct vm_state *st = x->st;
    uint32_t lanes = x->exec & ~x->env->helper_lanes &
                     (uint32_t)(((1ull << width) - 1) << (chunk * width));
    st->req_dirty |= VM_REQ_ADDRESS;   /* (scratch: a later request zeroes what it does not use) */
    if (cs && cs->typed && lanes)
        cs->typed(cs->typed_ctx, in->dst[0].index, true, lanes,
                  (const uint32_t (*)[VM_LANES])(const void *)st->req.address.i, st->res.value);
}

static void op_sync(struct vm_exec *x, const struct vm_ins *in)
{
    (void)x;
    /* _t is a segment boundary (vm_compute_run_group) and the group's accesses are performed
     * in order; other groups see UAV writes after a global fence */
    if (in->aux & IR_SYNC_UAV_GLOBAL)
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

vm_op_fn vm_mem_fn(unsigned op)
{
    switch (op) {
    case IR_OP_LD_RAW: case IR_OP_LD_STRUCTURED: case IR_OP_LD_RAW_S:
    case IR_OP_LD_STRUCTURED_S:
        return op_load;
    case IR_OP_STORE_RAW: case IR_OP_STORE_STRUCTURED:
        return op_store;
    case IR_OP_IMM_ATOMIC_ALLOC: case IR_OP_IMM_ATOMIC_CONSUME:
        return op_counter;
    case IR_OP_BUFINFO:
        return op_bufinfo;
    case IR_OP_SYNC:
        return op_sync;
    case IR_OP_LD_UAV_TYPED: case IR_OP_STORE_UAV_TYPED: case IR_OP_LD_UAV_TYPED_S:
        return op_typed;
    default:
        return op >= IR_OP_ATOMIC_AND && op <= IR_OP_IMM_ATOMIC_UMIN ? op_atomic : NULL;
    }
}

/* ---- one thread group ----------------------------------------------------------------------- */

bool vm_compute_run_group(const struct vm_program *prog, struct vm_state *const *states,
                          struct vm_env *env, const uint32_t group[3])
{
    if (!prog || prog->type != IR_SHADER_COMPUTE || prog->cs_unsupported || !env || !env->cs ||
        !prog->cs_local)
        return false;
    struct vm_cs_env *cs = env->cs;
    const uint32_t *t = prog->cs_threads;
    uint32_t total = t[0] * t[1] * t[2], chunks = vm_compute_chunks(prog);
    bool waiting[IR_CS_MAX_THREADS / VM_LANES];
    if (cs->tgsm && prog->tgsm_bytes)
        memset(cs->tgsm, 0, prog->tgsm_bytes);
    for (bool first = true, any = true; any; first = false) {
        any = false;
        for (uint32_t k = 0; k < chunks; k++) {
            if (!first && !waiting[k])
                continue;
            uint32_t lanes = total - k * VM_LANES >= VM_LANES ? VM_ALL_LANES
                                                               : (1u << (total - k * VM_LANES)) - 1;
            /* the ids of chunk k's lanes: flattened index = (z * Y + y) * X + x, its
             * (x, y, z) from the program's table (vm_compute_prepare) */
            uint32_t f0 = k * VM_LANES, n = chunks * VM_LANES;
            for (unsigned c = 0; c < 3; c++) {
                const uint32_t *local = prog->cs_local + c * n + f0;
                const uint32_t base = group[c] * t[c], g = group[c];
                VM_FOR_LANES(l) {
                    cs->ids[2][c][l] = local[l];
                    cs->ids[1][c][l] = g;
                    cs->ids[0][c][l] = base + local[l];
                }
            }
            VM_FOR_LANES(l)
                cs->ids[3][0][l] = f0 + l;
            vm_run_resumable(prog, states[k], env, lanes, !first, &waiting[k]);
            any |= waiting[k];
        }
    }
    return true;
}
