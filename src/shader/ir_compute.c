/* src/shader/ir_compute.c — validation of compute programs and memory instructions (see
 * ir_compute.h).  The rules, from the D3D11.3 functional specification ("the spec") and the
 * shader-model-5 assembly reference:
 *   - dcl_thread_group x, y, z: 1 <= x <= 1024, 1 <= y <= 1024, 1 <= z <= 64, x*y*z <= 1024
 *     (cs_5_0, D3D11_CS_THREAD_GROUP_MAX_*); required in a compute program, absent elsewhere.
 *   - group-shared memory: each g# declared once, sizes multiples of 4, the total at most
 *     32 KiB (D3D11_CS_TGSM_REGISTER_COUNT dwords); compute programs only.
 *   - UAVs u0..u63 (D3D11_1_UAV_SLOT_COUNT; the level's own count, 8 at 11_0, and which
 *     stages may have them -- pixel and compute at 11_0, every stage at 11_1 -- are the
 *     device's check, d3d11/shader.c), declared once, in any stage; structured strides
 *     multiples of 4 up to 2048 (D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES).
 *   - the memory operand of each instruction is the kind the instruction accesses: ld_raw /
 *     store_raw a raw buffer or raw g#, the structured forms a structured buffer or g#, the
 *     typed forms a typed UAV, atomics a raw/structured/typed UAV or any g#, alloc/consume a
 *     structured UAV with a counter, bufinfo a buffer t# or u#; loads may read t# (raw or
 *     structured SRVs) but stores and atomics never.
 *   - cs_4_0 / cs_4_1 (D3D11.3 18.7.2, "Compute Shaders + Raw and Structured Buffers on
 *     D3D10.x Hardware"): x, y <= 768 and x*y*z <= 768 (18.7.2.6); z = 1 ("Compute Shader
 *     Overview", DirectCompute 4.x: "the Z dimension of numthreads is limited to 1"; 18.7.2.6
 *     keeps 64, but the documentation and fxc say 1); one UAV, u0, raw or structured, without
 *     a counter (18.7.2.2, 18.7.2.5); g#
 *     structured only, each of exactly x*y*z structures (one per thread), the strides summed
 *     at most the per-thread bytes of the thread count's bucket (18.7.2.8's table; 16 KiB in
 *     all, 18.7.2.7); a thread writes only its own structure: store_structured to g# with the
 *     structure index vThreadIDInGroupFlattened and a literal byte offset (18.7.2.9), and
 *     softd3d takes that to mean the dwords written lie inside the structure; any thread reads
 *     any of g#.  Of the memory instructions only ld_raw, store_raw, ld_structured and
 *     store_structured (18.7.2.5: "the absence of atomic operations, append/consume, or typed
 *     UAV access"; the decoder refuses the others first).
 */
#include "shader/ir_compute.h"

#include <stdarg.h>
#include <stdio.h>

#define N (-1)
#define L(e, md, ms, a, ix, of, c, v, r) [IR_OP_##e - IR_OP_LD_RAW] = {md, ms, a, ix, of, c, v, r, -1}
#define LS(e, ms, a, ix, of) [IR_OP_##e - IR_OP_LD_RAW] = {-1, ms, a, ix, of, -1, -1, 0, 1}
static const struct ir_mem_layout layouts[IR_OP_SYNC - IR_OP_LD_RAW] = {
    /*                     md ms  a  ix of  c  v  r */
    L(LD_RAW,              N, 1,  0, N, N,  N, N, 0),
    L(LD_STRUCTURED,       N, 2,  N, 0, 1,  N, N, 0),
    L(STORE_RAW,           0, N,  0, N, N,  N, 1, N),
    L(STORE_STRUCTURED,    0, N,  N, 0, 1,  N, 2, N),
    L(LD_UAV_TYPED,        N, 1,  0, N, N,  N, N, 0),
    L(STORE_UAV_TYPED,     0, N,  0, N, N,  N, 1, N),
    L(ATOMIC_AND,          0, N,  0, N, N,  N, 1, N),
    L(ATOMIC_OR,           0, N,  0, N, N,  N, 1, N),
    L(ATOMIC_XOR,          0, N,  0, N, N,  N, 1, N),
    L(ATOMIC_CMP_STORE,    0, N,  0, N, N,  1, 2, N),
    L(ATOMIC_IADD,         0, N,  0, N, N,  N, 1, N),
    L(ATOMIC_IMAX,         0, N,  0, N, N,  N, 1, N),
    L(ATOMIC_IMIN,         0, N,  0, N, N,  N, 1, N),
    L(ATOMIC_UMAX,         0, N,  0, N, N,  N, 1, N),
    L(ATOMIC_UMIN,         0, N,  0, N, N,  N, 1, N),
    L(IMM_ATOMIC_ALLOC,    1, N,  N, N, N,  N, N, 0),
    L(IMM_ATOMIC_CONSUME,  1, N,  N, N, N,  N, N, 0),
    L(IMM_ATOMIC_IADD,     1, N,  0, N, N,  N, 1, 0),
    L(IMM_ATOMIC_AND,      1, N,  0, N, N,  N, 1, 0),
    L(IMM_ATOMIC_OR,       1, N,  0, N, N,  N, 1, 0),
    L(IMM_ATOMIC_XOR,      1, N,  0, N, N,  N, 1, 0),
    L(IMM_ATOMIC_EXCH,     1, N,  0, N, N,  N, 1, 0),
    L(IMM_ATOMIC_CMP_EXCH, 1, N,  0, N, N,  1, 2, 0),
    L(IMM_ATOMIC_IMAX,     1, N,  0, N, N,  N, 1, 0),
    L(IMM_ATOMIC_IMIN,     1, N,  0, N, N,  N, 1, 0),
    L(IMM_ATOMIC_UMAX,     1, N,  0, N, N,  N, 1, 0),
    L(IMM_ATOMIC_UMIN,     1, N,  0, N, N,  N, 1, 0),
    L(BUFINFO,             N, 0,  N, N, N,  N, N, 0),
    /*                     ms  a  ix of   (result dst[0], status dst[1]) */
    LS(LD_RAW_S,           1,  0, N, N),
    LS(LD_STRUCTURED_S,    2,  N, 0, 1),
    LS(LD_UAV_TYPED_S,     1,  0, N, N),
};
#undef LS
#undef L
#undef N

const struct ir_mem_layout *ir_mem_layout(unsigned op)
{
    if (op < IR_OP_LD_RAW || op >= IR_OP_SYNC)
        return NULL;
    return &layouts[op - IR_OP_LD_RAW];
}

bool ir_file_is_cs_id(unsigned f)
{
    return f == IR_FILE_THREAD_ID || f == IR_FILE_THREAD_GROUP_ID ||
           f == IR_FILE_THREAD_ID_IN_GROUP || f == IR_FILE_THREAD_ID_IN_GROUP_FLAT;
}

const struct ir_uav *ir_find_uav(const struct ir_program *p, uint32_t slot)
{
    for (uint32_t i = 0; i < p->uavs.count; i++)
        if (p->uavs.items[i].slot == slot)
            return &p->uavs.items[i];
    return NULL;
}

const struct ir_tgsm *ir_find_tgsm(const struct ir_program *p, uint32_t reg)
{
    for (uint32_t i = 0; i < p->tgsm.count; i++)
        if (p->tgsm.items[i].reg == reg)
            return &p->tgsm.items[i];
    return NULL;
}

const struct ir_resource *ir_find_resource(const struct ir_program *p, uint32_t slot)
{
    for (uint32_t i = 0; i < p->resources.count; i++)
        if (p->resources.items[i].slot == slot)
            return &p->resources.items[i];
    return NULL;
}

static int say(char *msg, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, size, fmt, ap);
    va_end(ap);
    return -1;
}

/* 18.7.2.8: the group-shared bytes one thread of a group of `threads` may write (the
 * D3D11_CS_4_X_BUCKETnn_* table: up to 64 threads 256 bytes, ..., 513..768 threads 16). */
uint32_t ir_cs4_tgsm_bytes_per_thread(uint32_t threads)
{
    static const uint16_t bucket[][2] = {
        {64, 256}, {68, 240}, {72, 224}, {76, 208}, {84, 192}, {92, 176}, {100, 160},
        {112, 144}, {128, 128}, {144, 112}, {168, 96}, {204, 80}, {256, 64}, {340, 48},
        {512, 32}, {768, 16},
    };
    for (size_t i = 0; i < sizeof(bucket) / sizeof(bucket[0]); i++)
        if (threads <= bucket[i][0])
            return bucket[i][1];
    return 0;
}

bool ir_is_cs4(const struct ir_program *p)
{
    return p->type == IR_SHADER_COMPUTE && p->major == 4;
}

/* The cs_4_x declaration rules above (the thread counts are in range already). */
static int check_cs4_decls(const struct ir_program *p, char *msg, size_t size, size_t *offset)
{
    const uint32_t *t = p->cs_threads;
    uint32_t threads = t[0] * t[1] * t[2], per_thread = ir_cs4_tgsm_bytes_per_thread(threads);
    uint64_t strides = 0;
    for (uint32_t i = 0; i < p->tgsm.count; i++) {
        const struct ir_tgsm *g = &p->tgsm.items[i];
        *offset = g->offset;
        if (!g->stride)
            return say(msg, size, "g%u: cs_4_%u has structured group-shared memory only "
                       "(D3D11.3 18.7.2.9)", (unsigned)g->reg, (unsigned)p->minor);
        if (g->size / g->stride != threads)
            return say(msg, size, "g%u: %u structures, but cs_4_%u needs exactly one per "
                       "thread (%u; D3D11.3 18.7.2.9)", (unsigned)g->reg,
                       (unsigned)(g->size / g->stride), (unsigned)p->minor, (unsigned)threads);
        strides += g->stride;
    }
    if (strides > per_thread)
        return say(msg, size, "%llu group-shared bytes per thread: a cs_4_%u group of %u "
                   "threads may have at most %u (D3D11.3 18.7.2.8)", (unsigned long long)strides,
                   (unsigned)p->minor, (unsigned)threads, (unsigned)per_thread);
    for (uint32_t i = 0; i < p->uavs.count; i++) {
        const struct ir_uav *u = &p->uavs.items[i];
        *offset = u->offset;
        if (u->slot >= IR_CS4_MAX_UAVS)
            return say(msg, size, "u%u: cs_4_%u has one UAV, u0 (D3D11.3 18.7.2.2)",
                       (unsigned)u->slot, (unsigned)p->minor);
        if ((u->dim != IR_RES_RAW_BUFFER && u->dim != IR_RES_STRUCTURED_BUFFER) ||
            (u->flags & IR_UAV_COUNTER))
            return say(msg, size, "u%u: cs_4_%u UAVs are raw or structured buffers without a "
                       "counter (D3D11.3 18.7.2.2)", (unsigned)u->slot, (unsigned)p->minor);
    }
    *offset = 0;
    return 0;
}

/* The UAV and raw/structured t# declarations of any stage's program. */
static int check_uav_decls(const struct ir_program *p, char *msg, size_t size, size_t *offset)
{
    for (uint32_t i = 0; i < p->uavs.count; i++) {
        const struct ir_uav *u = &p->uavs.items[i];
        *offset = u->offset;
        if (u->slot >= IR_MAX_UAVS)
            return say(msg, size, "u%u: UAV slots are u0..u%u", (unsigned)u->slot,
                       IR_MAX_UAVS - 1);
        if (ir_find_uav(p, u->slot) != u)
            return say(msg, size, "u%u declared twice", (unsigned)u->slot);
        bool structured = u->dim == IR_RES_STRUCTURED_BUFFER;
        if (structured && (!u->stride || u->stride % 4 || u->stride > 2048))
            return say(msg, size, "u%u: structure stride %u (a multiple of 4, at most 2048)",
                       (unsigned)u->slot, (unsigned)u->stride);
        if ((u->flags & IR_UAV_COUNTER) && !structured)
            return say(msg, size, "u%u: a hidden counter needs a structured UAV",
                       (unsigned)u->slot);
        bool typed_ok = u->dim == IR_RES_BUFFER || u->dim == IR_RES_TEXTURE1D ||
                        u->dim == IR_RES_TEXTURE1DARRAY || u->dim == IR_RES_TEXTURE2D ||
                        u->dim == IR_RES_TEXTURE2DARRAY || u->dim == IR_RES_TEXTURE3D;
        if (!structured && u->dim != IR_RES_RAW_BUFFER && !typed_ok)
            return say(msg, size, "u%u: a UAV cannot be a %s", (unsigned)u->slot,
                       ir_resource_dim_name(u->dim));
    }
    for (uint32_t i = 0; i < p->resources.count; i++) {
        const struct ir_resource *r = &p->resources.items[i];
        *offset = r->offset;
        if (r->dim == IR_RES_STRUCTURED_BUFFER && (!r->stride || r->stride % 4 ||
                                                   r->stride > 2048))
            return say(msg, size, "t%u: structure stride %u (a multiple of 4, at most 2048)",
                       (unsigned)r->slot, (unsigned)r->stride);
    }
    *offset = 0;
    return 0;
}

int ir_compute_check_decls(const struct ir_program *p, char *msg, size_t size, size_t *offset)
{
    const uint32_t *t = p->cs_threads;
    *offset = 0;
    if (p->type != IR_SHADER_COMPUTE) {
        /* UAVs exist in every stage: pixel programs at 11_0, the others at 11_1 (the level
         * is the device's check, d3d11/shader.c); thread groups and group-shared memory are
         * compute only */
        if (t[0] || t[1] || t[2] || p->tgsm.count)
            return say(msg, size, "thread group or group-shared memory declarations outside "
                       "a compute program");
        return check_uav_decls(p, msg, size, offset);
    }
    if (!t[0] || !t[1] || !t[2])
        return say(msg, size, "compute program without dcl_thread_group");
    if (ir_is_cs4(p) && (t[0] > IR_CS4_MAX_X || t[1] > IR_CS4_MAX_Y || t[2] > IR_CS4_MAX_Z ||
                         (uint64_t)t[0] * t[1] * t[2] > IR_CS4_MAX_THREADS))
        return say(msg, size, "dcl_thread_group %u, %u, %u: cs_4_%u takes at most 768 x 768 x 1 "
                   "and 768 threads", (unsigned)t[0], (unsigned)t[1], (unsigned)t[2],
                   (unsigned)p->minor);
    if (t[0] > IR_CS_MAX_X || t[1] > IR_CS_MAX_Y || t[2] > IR_CS_MAX_Z ||
        (uint64_t)t[0] * t[1] * t[2] > IR_CS_MAX_THREADS)
        return say(msg, size, "dcl_thread_group %u, %u, %u: at most 1024 x 1024 x 64 and 1024 "
                   "threads", (unsigned)t[0], (unsigned)t[1], (unsigned)t[2]);
    uint64_t total = 0;
    for (uint32_t i = 0; i < p->tgsm.count; i++) {
        const struct ir_tgsm *g = &p->tgsm.items[i];
        *offset = g->offset;
        if (!g->size || g->size % 4 || (g->stride && (g->stride % 4 || g->size % g->stride)))
            return say(msg, size, "g%u: %u bytes, stride %u (multiples of 4)", (unsigned)g->reg,
                       (unsigned)g->size, (unsigned)g->stride);
        if (ir_find_tgsm(p, g->reg) != g)
            return say(msg, size, "g%u declared twice", (unsigned)g->reg);
        total += g->size;
    }
    if (total > IR_CS_MAX_TGSM_BYTES)
        return say(msg, size, "%llu bytes of group-shared memory (at most 32768)",
                   (unsigned long long)total);
    int r = check_uav_decls(p, msg, size, offset);
    if (r || !ir_is_cs4(p))
        return r;
    return check_cs4_decls(p, msg, size, offset);
}

/* The kind of memory operand: 'r' raw, 's' structured, 'y' typed UAV, with where it lives. */
struct mem_kind {
    char kind;
    bool uav, srv, tgsm, buffer;
};

static struct mem_kind kind_of(const struct ir_program *p, const struct ir_operand *m)
{
    struct mem_kind k = {0, false, false, false, false};
    uint32_t n = m->index[0].offset;
    if (m->file == IR_FILE_UAV) {
        const struct ir_uav *u = ir_find_uav(p, n);
        k.uav = true;
        k.kind = u->dim == IR_RES_RAW_BUFFER ? 'r' : u->dim == IR_RES_STRUCTURED_BUFFER ? 's' : 'y';
        k.buffer = u->dim == IR_RES_BUFFER || k.kind != 'y';
    } else if (m->file == IR_FILE_TGSM) {
        k.tgsm = true;
        k.kind = ir_find_tgsm(p, n)->stride ? 's' : 'r';
    } else if (m->file == IR_FILE_RESOURCE) {
        const struct ir_resource *r = ir_find_resource(p, n);
        k.srv = true;
        k.kind = r->dim == IR_RES_RAW_BUFFER ? 'r' : r->dim == IR_RES_STRUCTURED_BUFFER ? 's' : 'y';
        k.buffer = r->dim == IR_RES_BUFFER || k.kind != 'y';
    }
    return k;
}

/* cs_4_x (18.7.2.5, 18.7.2.9): the four raw/structured instructions only, and a write to g#
 * only into the thread's own structure: index vThreadIDInGroupFlattened (unmodified), a literal
 * byte offset, and the dwords written inside the structure's stride (anything else would
 * reach another thread's region). */
static int check_cs4_mem(const struct ir_program *p, const struct ir_instruction *ins,
                         const struct ir_mem_layout *l, const struct ir_operand *m,
                         char *msg, size_t size)
{
    const char *name = ir_op_name(ins->op);
    if (ins->op != IR_OP_LD_RAW && ins->op != IR_OP_STORE_RAW &&
        ins->op != IR_OP_LD_STRUCTURED && ins->op != IR_OP_STORE_STRUCTURED)
        return say(msg, size, "%s is not in cs_4_%u (D3D11.3 18.7.2.5)", name,
                   (unsigned)p->minor);
    if (m->file != IR_FILE_TGSM || l->mem_dst < 0)
        return 0;   /* reads of g#, and UAV writes, are unconstrained */
    const struct ir_operand *index = &ins->src[l->index], *offset = &ins->src[l->offset];
    if (index->file != IR_FILE_THREAD_ID_IN_GROUP_FLAT || index->modifiers)
        return say(msg, size, "%s to g%u: cs_4_%u writes g# only at structure "
                   "vThreadIDInGroupFlattened, its own (D3D11.3 18.7.2.9)", name,
                   (unsigned)m->index[0].offset, (unsigned)p->minor);
    if (offset->file != IR_FILE_IMMEDIATE)
        return say(msg, size, "%s to g%u: cs_4_%u needs a literal byte offset (D3D11.3 "
                   "18.7.2.9)", name, (unsigned)m->index[0].offset, (unsigned)p->minor);
    uint32_t at = offset->imm[IR_SWIZZLE_COMPONENT(offset->swizzle, 0)];
    uint32_t stride = ir_find_tgsm(p, m->index[0].offset)->stride;
    uint64_t end = (uint64_t)at + 4u * (unsigned)__builtin_popcount(m->mask);
    if (at % 4 || end > stride)
        return say(msg, size, "%s to g%u: bytes %u..%llu of a %u-byte structure: cs_4_%u "
                   "writes inside its own, dword-aligned (18.7.2.9)", name,
                   (unsigned)m->index[0].offset, (unsigned)at, (unsigned long long)end - 1,
                   (unsigned)stride, (unsigned)p->minor);
    return 0;
}

int ir_compute_check_mem(const struct ir_program *p, const struct ir_instruction *ins,
                         char *msg, size_t size)
{
    const struct ir_mem_layout *l = ir_mem_layout(ins->op);
    const char *name = ir_op_name(ins->op);
    const struct ir_operand *m = l->mem_dst >= 0 ? &ins->dst[l->mem_dst] : &ins->src[l->mem_src];
    bool load = l->mem_src >= 0;
    struct mem_kind k;

    if (p->type != IR_SHADER_COMPUTE && m->file == IR_FILE_TGSM)
        return say(msg, size, "%s: group-shared memory outside a compute program", name);
    if (m->file != IR_FILE_UAV && m->file != IR_FILE_TGSM && !(load && m->file == IR_FILE_RESOURCE))
        return say(msg, size, "%s: its memory operand must be %s", name,
                   load ? "t#, u# or g#" : "u# or g#");
    k = kind_of(p, m);
    if (m->modifiers)
        return say(msg, size, "%s: modifiers on the memory operand", name);
    switch (ins->op) {
    case IR_OP_LD_RAW: case IR_OP_STORE_RAW: case IR_OP_LD_RAW_S:
        if (k.kind != 'r')
            return say(msg, size, "%s needs a raw buffer or raw g#", name);
        break;
    case IR_OP_LD_STRUCTURED: case IR_OP_STORE_STRUCTURED: case IR_OP_LD_STRUCTURED_S:
        if (k.kind != 's')
            return say(msg, size, "%s needs a structured buffer or structured g#", name);
        break;
    case IR_OP_LD_UAV_TYPED: case IR_OP_STORE_UAV_TYPED: case IR_OP_LD_UAV_TYPED_S:
        if (!k.uav || k.kind != 'y')
            return say(msg, size, "%s needs a typed UAV", name);
        break;
    case IR_OP_IMM_ATOMIC_ALLOC: case IR_OP_IMM_ATOMIC_CONSUME:
        /* the hidden counter belongs to the view (a UAV created with the APPEND or COUNTER
         * flag); fxc declares Append/Consume buffers as plain dcl_uav_structured and keeps _opc
         * (order-preserving) for IncrementCounter/DecrementCounter, so either is taken */
        if (!k.uav || k.kind != 's')
            return say(msg, size, "%s needs a structured UAV", name);
        break;
    case IR_OP_BUFINFO:
        if (k.tgsm || !k.buffer)
            return say(msg, size, "bufinfo needs a buffer t# or u#");
        break;
    default:   /* atomics: any UAV kind or g# */
        break;
    }
    if (ir_is_cs4(p)) {
        int ret = check_cs4_mem(p, ins, l, m, msg, size);
        if (ret)
            return ret;
    }
    /* the value sources: registers, not memory */
    for (unsigned s = 0; s < ins->src_count; s++) {
        unsigned f = ins->src[s].file;
        if ((int)s == l->mem_src)
            continue;
        if (f == IR_FILE_UAV || f == IR_FILE_TGSM || f == IR_FILE_RESOURCE ||
            f == IR_FILE_SAMPLER || f == IR_FILE_LABEL || f == IR_FILE_RASTERIZER ||
            f == IR_FILE_NULL)
            return say(msg, size, "%s: source %u is not a value", name, s);
    }
    for (unsigned d = 0; d < ins->dst_count; d++) {
        unsigned f = ins->dst[d].file;
        if ((int)d != l->mem_dst && (f == IR_FILE_UAV || f == IR_FILE_TGSM))
            return say(msg, size, "%s: destination %u cannot be memory", name, d);
    }
    return 0;
}
