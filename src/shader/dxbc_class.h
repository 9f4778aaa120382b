/* src/shader/dxbc_class.h — the IFCE chunk (class linkage) of a DXBC container: the class
 * types, the class instances a shader declares, and which function table each class type
 * uses in each interface slot (ir_class.h).
 *
 * The chunk's layout is softd3d's (Microsoft does not document fxc's IFCE chunk; the
 * assembler writes this one from its class_type / class_instance / interface_slot lines,
 * src/shader/tpf_asm.c).  Little-endian 32-bit words, offsets from the chunk's start:
 *   T (types), I (instances), E (slot entries), S (interface slots of the program)
 *   T x {name offset, type id}
 *   I x {name offset, type id, constant buffer, constant-vector offset, texture, sampler}
 *   E x {slot, type id, function table}
 *   the names, NUL-terminated.
 * A bytecode without the chunk has no classes (every count 0).
 */
#ifndef SOFTD3D_SHADER_DXBC_CLASS_H
#define SOFTD3D_SHADER_DXBC_CLASS_H

#include "shader/dxbc.h"

#define DXBC_CLASS_NAME_MAX 128
#define DXBC_CLASS_MAX 256          /* records of each kind */

struct dxbc_class_type {
    char name[DXBC_CLASS_NAME_MAX];
    uint32_t id;
};

struct dxbc_class_instance {
    char name[DXBC_CLASS_NAME_MAX];
    uint32_t type, cb, cb_offset, texture, sampler;
};

struct dxbc_class_entry {
    uint32_t slot, type, table;
};

struct dxbc_class_info {
    uint32_t type_count, instance_count, entry_count, slot_count;
    struct dxbc_class_type *types;
    struct dxbc_class_instance *instances;
    struct dxbc_class_entry *entries;
};

/* Reads the IFCE chunk of a container (opened by the caller's dxbc_parse earlier: `flags` as
 * there).  0 with *out filled (zeroed when there is no chunk); DXBC_E_BAD_CHUNK (err names
 * the offset) or DXBC_E_NOMEM, *out zeroed.  Every count, offset and name is bounds-checked. */
int dxbc_class_parse(const void *blob, size_t size, unsigned flags, struct dxbc_class_info *out,
                     struct dxbc_error *err);
void dxbc_class_free(struct dxbc_class_info *info);

/* The type with this name / id, or NULL. */
const struct dxbc_class_type *dxbc_class_type_named(const struct dxbc_class_info *c,
                                                    const char *name);
const struct dxbc_class_type *dxbc_class_type_id(const struct dxbc_class_info *c, uint32_t id);

#endif
