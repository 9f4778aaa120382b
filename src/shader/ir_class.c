/* src/shader/ir_class.c — class linkage in the IR: the validator's checks of the interface
 * declarations and operands, and ir_class_bind() (see ir_class.h). */
#include "shader/ir_class.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int cfail(char *msg, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int cfail(char *msg, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (msg && size)
        vsnprintf(msg, size, fmt, ap);
    va_end(ap);
    return -1;
}

static bool body_declared(const struct ir_program *p, uint32_t body)
{
    for (uint32_t i = 0; i < p->function_bodies.count; i++)
        if (p->function_bodies.items[i] == body)
            return true;
    return false;
}

static const struct ir_function_table *find_table(const struct ir_program *p, uint32_t id)
{
    for (uint32_t i = 0; i < p->function_tables.count; i++)
        if (p->function_tables.items[i].id == id)
            return &p->function_tables.items[i];
    return NULL;
}

const struct ir_interface *ir_class_interface_of(const struct ir_program *p, uint32_t slot)
{
    for (uint32_t i = 0; i < p->interfaces.count; i++) {
        const struct ir_interface *f = &p->interfaces.items[i];
        if (slot >= f->id && slot - f->id < f->array_size)
            return f;
    }
    return NULL;
}

bool ir_class_interface_takes(const struct ir_program *p, const struct ir_interface *f,
                              uint32_t table)
{
    for (uint32_t k = 0; k < f->count; k++)
        if (p->class_pool.items[f->first + k] == table)
            return true;
    return false;
}

static bool pool_ok(const struct ir_program *p, uint32_t first, uint32_t count)
{
    return first <= p->class_pool.count && count <= p->class_pool.count - first;
}

int ir_class_check_declarations(const struct ir_program *p, char *msg, size_t size)
{
    if (!p->function_bodies.count && !p->function_tables.count && !p->interfaces.count) {
        if (p->interface_slots)
            return cfail(msg, size, "this[] registers without interfaces");
        return 0;
    }
    if (p->major < 5)
        return cfail(msg, size, "interfaces need shader model 5.0");
    for (uint32_t i = 0; i < p->function_bodies.count; i++)
        for (uint32_t j = 0; j < i; j++)
            if (p->function_bodies.items[i] == p->function_bodies.items[j])
                return cfail(msg, size, "fb%u declared twice", (unsigned)p->function_bodies.items[i]);
    for (uint32_t i = 0; i < p->function_tables.count; i++) {
        const struct ir_function_table *t = &p->function_tables.items[i];
        if (find_table(p, t->id) != t)
            return cfail(msg, size, "ft%u declared twice", (unsigned)t->id);
        if (!pool_ok(p, t->first, t->count))
            return cfail(msg, size, "ft%u: its bodies are outside the program", (unsigned)t->id);
        for (uint32_t k = 0; k < t->count; k++)
            if (!body_declared(p, p->class_pool.items[t->first + k]))
                return cfail(msg, size, "ft%u names fb%u, which is not declared", (unsigned)t->id,
                             (unsigned)p->class_pool.items[t->first + k]);
    }
    uint32_t end = 0;
    for (uint32_t i = 0; i < p->interfaces.count; i++) {
        const struct ir_interface *f = &p->interfaces.items[i];
        if (!f->array_size || f->id >= IR_MAX_INTERFACE_SLOTS ||
            f->array_size > IR_MAX_INTERFACE_SLOTS - f->id)
            return cfail(msg, size, "fp%u[%u]: outside the %u interface slots", (unsigned)f->id,
                         (unsigned)f->array_size, IR_MAX_INTERFACE_SLOTS);
        for (uint32_t j = 0; j < i; j++) {
            const struct ir_interface *g = &p->interfaces.items[j];
            if (f->id < g->id + g->array_size && g->id < f->id + f->array_size)
                return cfail(msg, size, "fp%u and fp%u share interface slots", (unsigned)f->id,
                             (unsigned)g->id);
        }
        if (!pool_ok(p, f->first, f->count))
            return cfail(msg, size, "fp%u: its tables are outside the program", (unsigned)f->id);
        for (uint32_t k = 0; k < f->count; k++) {
            uint32_t id = p->class_pool.items[f->first + k];
            const struct ir_function_table *t = find_table(p, id);
            if (!t)
                return cfail(msg, size, "fp%u names ft%u, which is not declared",
                             (unsigned)f->id, (unsigned)id);
            /* the call site indexes the table: every table of the interface has a body for
             * each of its call sites */
            if (t->count < f->call_sites)
                return cfail(msg, size, "fp%u has %u call sites but ft%u only %u bodies",
                             (unsigned)f->id, (unsigned)f->call_sites, (unsigned)id,
                             (unsigned)t->count);
        }
        if (f->id + f->array_size > end)
            end = f->id + f->array_size;
    }
    if (p->interface_slots != end)
        return cfail(msg, size, "%u this[] registers for %u interface slots",
                     (unsigned)p->interface_slots, (unsigned)end);
    /* each declared body is a subroutine of the program */
    for (uint32_t b = 0; b < p->function_bodies.count; b++) {
        uint32_t want = IR_LABEL_FUNCTION_BODY | p->function_bodies.items[b], n = 0;
        for (uint32_t i = 0; i < p->instructions.count; i++) {
            const struct ir_instruction *in = &p->instructions.items[i];
            n += in->op == IR_OP_LABEL && in->src[0].index[0].offset == want;
        }
        if (!n)
            return cfail(msg, size, "fb%u is declared but has no label",
                         (unsigned)p->function_bodies.items[b]);
    }
    for (uint32_t i = 0; i < p->instructions.count; i++) {
        const struct ir_instruction *in = &p->instructions.items[i];
        uint32_t l = in->src[0].index[0].offset;
        if (in->op == IR_OP_LABEL && (l & IR_LABEL_FUNCTION_BODY) &&
            !body_declared(p, l & ~IR_LABEL_FUNCTION_BODY))
            return cfail(msg, size, "label fb%u of an undeclared function body",
                         (unsigned)(l & ~IR_LABEL_FUNCTION_BODY));
    }
    return 0;
}

int ir_class_check_operand(const struct ir_program *p, const struct ir_operand *op, char *msg,
                           size_t size)
{
    const struct ir_index *ix = op->index;
    if (op->file == IR_FILE_THIS_POINTER) {
        if (ix[0].rel.file == IR_FILE_NULL && ix[0].offset >= p->interface_slots)
            return cfail(msg, size, "this[%u] outside the %u interface slots",
                         (unsigned)ix[0].offset, (unsigned)p->interface_slots);
        return 0;
    }
    if (ix[0].rel.file != IR_FILE_NULL || ix[2].rel.file != IR_FILE_NULL)
        return cfail(msg, size, "fcall: the fp# and the call site are literals");
    const struct ir_interface *f = ir_class_interface_of(p, ix[0].offset);
    if (!f)
        return cfail(msg, size, "fp%u is not declared", (unsigned)ix[0].offset);
    if (ix[1].rel.file != IR_FILE_NULL && !f->dynamic)
        return cfail(msg, size, "fcall fp%u with a relative index: fp%u is not declared "
                     "dynamicindexed", (unsigned)ix[0].offset, (unsigned)f->id);
    /* fp#[i]: slot # + i (fcall's reference page: fp4[2] and fp5[1] are the same slot) */
    if (ix[1].rel.file == IR_FILE_NULL &&
        (ix[1].offset >= f->array_size || ix[0].offset - f->id + ix[1].offset >= f->array_size))
        return cfail(msg, size, "fcall fp%u[%u] outside fp%u[%u]", (unsigned)ix[0].offset,
                     (unsigned)ix[1].offset, (unsigned)f->id, (unsigned)f->array_size);
    if (ix[2].offset >= f->call_sites)
        return cfail(msg, size, "fcall call site %u: fp%u has %u", (unsigned)ix[2].offset,
                     (unsigned)f->id, (unsigned)f->call_sites);
    return 0;
}

/* ---- binding ---------------------------------------------------------------------------------- */

static int bind_operand(const struct ir_class_binding *b, struct ir_operand *op, bool src,
                        char *msg, size_t size)
{
    for (unsigned k = 0; k < 3; k++) {
        struct ir_rel *r = &op->index[k].rel;
        if (r->file != IR_FILE_THIS_POINTER)
            continue;
        uint32_t v = r->reg < b->count && b->slot[r->reg].bound ? b->slot[r->reg].data[r->component]
                                                               : 0;
        op->index[k].offset += v;
        memset(r, 0, sizeof(*r));
    }
    if (src && op->file == IR_FILE_THIS_POINTER) {
        if (op->index[0].rel.file != IR_FILE_NULL)
            return cfail(msg, size, "dynamically indexed this[] is not implemented");
        uint32_t s = op->index[0].offset, vals[4] = {0, 0, 0, 0};
        if (s < b->count && b->slot[s].bound)
            for (unsigned c = 0; c < 4; c++)
                vals[c] = b->slot[s].data[IR_SWIZZLE_COMPONENT(op->swizzle, c)];
        uint8_t mods = op->modifiers, prec = op->precision;
        *op = ir_imm4(vals[0], vals[1], vals[2], vals[3]);
        op->modifiers = mods;
        op->precision = prec;
    }
    return 0;
}

int ir_class_bind(struct ir_program *p, const struct ir_class_binding *b, char *msg,
                  size_t size)
{
    if (p->type == IR_SHADER_HULL && p->hs_phase == IR_HS_DECLS)
        return p->interfaces.count ? cfail(msg, size, "interfaces in hull programs are not "
                                           "implemented"), IR_E_INVALID : IR_OK;
    for (uint32_t i = 0; i < p->instructions.count; i++) {
        struct ir_instruction *in = &p->instructions.items[i];
        if (in->op == IR_OP_FCALL) {
            const struct ir_index *ix = in->src[0].index;
            if (ix[1].rel.file != IR_FILE_NULL) {
                cfail(msg, size, "fcall with a dynamically indexed interface array is not "
                      "implemented");
                return IR_E_INVALID;
            }
            uint32_t slot = ix[0].offset + ix[1].offset, site = ix[2].offset;
            const struct ir_interface *f = ir_class_interface_of(p, slot);
            if (!f || slot >= b->count || !b->slot[slot].bound) {
                cfail(msg, size, "interface slot %u has no class instance", (unsigned)slot);
                return IR_E_INVALID;
            }
            const struct ir_function_table *t = find_table(p, b->slot[slot].table);
            if (!t || !ir_class_interface_takes(p, f, t->id) || site >= t->count) {
                cfail(msg, size, "interface slot %u: ft%u is not one of fp%u's tables",
                      (unsigned)slot, (unsigned)b->slot[slot].table, (unsigned)f->id);
                return IR_E_INVALID;
            }
            uint32_t body = p->class_pool.items[t->first + site];
            in->op = IR_OP_CALL;
            in->src[0] = ir_reg(IR_FILE_LABEL, IR_LABEL_FUNCTION_BODY | body, 0);
            continue;
        }
        for (unsigned d = 0; d < in->dst_count; d++)
            if (bind_operand(b, &in->dst[d], false, msg, size))
                return IR_E_INVALID;
        for (unsigned s = 0; s < in->src_count; s++)
            if (bind_operand(b, &in->src[s], true, msg, size))
                return IR_E_INVALID;
    }
    struct ir_error err;
    int ret = ir_validate(p, &err);
    if (ret)
        cfail(msg, size, "%s", err.message);
    return ret;
}
