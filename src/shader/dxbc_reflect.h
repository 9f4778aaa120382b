/* src/shader/dxbc_reflect.h — everything shader reflection reports about a DXBC container, read
 * into one API-neutral model (src/d3dcompiler/reflect.c turns it into ID3D11ShaderReflection).
 *
 * READ ME FIRST
 *   dxbc_parse() (dxbc.h) already reads what the devices need: the program version, the
 *   signatures, the RDEF header, its bindings and its constant-buffer headers.  Reflection needs
 *   more, and this file reads it on top:
 *     - RDEF's variables, their types (a tree: structs have members, found by chunk offset, so
 *       one type may be shared; each distinct offset is read once and cycles are refused), the
 *       default values (bytes of the chunk) and, from SM5, the type names;
 *     - STAT: the statistics fxc writes (instruction counts by kind, the geometry / tessellation
 *       facts), as its 29 (SM4) or 37 (SM5) 32-bit fields;
 *     - SFI0: the 64-bit "requires" flags;
 *     - the program tokens, for what only they say (thread group size, interface slots,
 *       per-sample interpolation) and, when there is no STAT chunk (softd3d's own assembler and
 *       compiler write none), the statistics that follow from the instructions alone.
 *   Enumerated fields carry the raw values of the D3D enumerations named in the comments.
 *   Every read is bounds-checked; an error names the byte offset in the blob.
 */
#ifndef SOFTD3D_SHADER_DXBC_REFLECT_H
#define SOFTD3D_SHADER_DXBC_REFLECT_H

#include "shader/dxbc.h"

#include <stdbool.h>
#include <stdint.h>

#define DXBC_REFLECT_NONE 0xffffffffu /* "no type" / "no such index" */

struct dxbc_reflect_type {
    uint16_t class_;           /* D3D_SHADER_VARIABLE_CLASS */
    uint16_t type;             /* D3D_SHADER_VARIABLE_TYPE */
    uint16_t rows, columns, elements, member_count;
    uint32_t member_first;     /* its members: members[member_first .. + member_count) */
    const char *name;          /* SM5 type name; NULL before SM5 */
};

struct dxbc_reflect_member {
    const char *name;
    uint32_t type;             /* index into types */
    uint32_t offset;           /* bytes from the start of the struct */
};

struct dxbc_reflect_variable {
    const char *name;
    uint32_t offset, size;     /* bytes */
    uint32_t flags;            /* D3D_SHADER_VARIABLE_FLAGS */
    uint32_t type;             /* index into types */
    const void *default_value; /* size bytes, or NULL */
    uint32_t start_texture, texture_size, start_sampler, sampler_size;
    uint32_t cbuffer;          /* the constant buffer it belongs to */
};

struct dxbc_reflect_cbuffer {
    const char *name;
    uint32_t type;             /* D3D_CBUFFER_TYPE */
    uint32_t size;             /* bytes */
    uint32_t flags;            /* D3D_SHADER_CBUFFER_FLAGS */
    uint32_t variable_first, variable_count;
};

/* The STAT fields, in chunk order (index = position of the 32-bit field). */
enum dxbc_stat_field {
    DXBC_STAT_INSTRUCTIONS = 0, DXBC_STAT_TEMPS, DXBC_STAT_DEFS, DXBC_STAT_DCLS,
    DXBC_STAT_FLOAT, DXBC_STAT_INT, DXBC_STAT_UINT, DXBC_STAT_STATIC_FLOW,
    DXBC_STAT_DYNAMIC_FLOW, DXBC_STAT_MACRO, DXBC_STAT_TEMP_ARRAYS, DXBC_STAT_ARRAY,
    DXBC_STAT_CUT, DXBC_STAT_EMIT, DXBC_STAT_TEX_NORMAL, DXBC_STAT_TEX_LOAD, DXBC_STAT_TEX_COMP,
    DXBC_STAT_TEX_BIAS, DXBC_STAT_TEX_GRADIENT, DXBC_STAT_MOV, DXBC_STAT_MOVC,
    DXBC_STAT_CONVERSION, DXBC_STAT_BITWISE, DXBC_STAT_INPUT_PRIMITIVE,
    DXBC_STAT_GS_OUTPUT_TOPOLOGY, DXBC_STAT_GS_MAX_OUTPUT_VERTICES, DXBC_STAT_GATHER,
    DXBC_STAT_LOD, DXBC_STAT_SAMPLE_FREQUENCY,
    /* SM5 */
    DXBC_STAT_GS_INSTANCES, DXBC_STAT_CONTROL_POINTS, DXBC_STAT_HS_OUTPUT_PRIMITIVE,
    DXBC_STAT_HS_PARTITIONING, DXBC_STAT_TESS_DOMAIN, DXBC_STAT_BARRIERS,
    DXBC_STAT_INTERLOCKED, DXBC_STAT_TEXTURE_STORES,
    DXBC_STAT_COUNT
};

struct dxbc_reflection {
    struct dxbc_shader_info info;  /* program version, signatures, RDEF header and bindings */

    uint32_t cbuffer_count, variable_count, type_count, member_count;
    struct dxbc_reflect_cbuffer *cbuffers;
    struct dxbc_reflect_variable *variables;
    struct dxbc_reflect_type *types;
    struct dxbc_reflect_member *members;

    /* STAT when the container has one (stat_from_chunk), else what the program tokens say
     * (the instruction counts by kind, declarations, temps and the stage declarations). */
    bool stat_from_chunk;
    uint32_t stat[DXBC_STAT_COUNT];

    uint64_t requires_flags;       /* SFI0, else 0 */
    /* From the program tokens. */
    uint32_t thread_group[3];      /* dcl_thread_group, else 0 0 0 */
    uint32_t interface_slots;      /* dcl_interface: the highest slot used + 1 */
    bool sample_frequency;         /* an input interpolated per sample, or SV_SampleIndex */

    void *rdef_copy;               /* the RDEF bytes names and default values point into */
};

/* Reads a container (the checksum is not checked: D3DReflect reads what it is given) into *out,
 * which owns everything it points to.  Returns 0, or a negative dxbc_result with *out zeroed
 * and *err filled. */
int dxbc_reflect_parse(const void *data, size_t size, struct dxbc_reflection *out,
                       struct dxbc_error *err);
void dxbc_reflect_free(struct dxbc_reflection *r);

#endif /* SOFTD3D_SHADER_DXBC_REFLECT_H */
