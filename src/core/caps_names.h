/* src/core/caps_names.h — every member of D3DCAPS9 by name, with the names of the flags of each
 * bit-flag member, so that tools and messages can print a caps structure in full.
 *
 * Nested members are named as C writes them: "VS20Caps.Caps", "PS20Caps.NumInstructionSlots".
 * The member table is in structure order and covers all 76 four-byte fields (Reserved5 too).
 */
#ifndef SOFTD3D_CORE_CAPS_NAMES_H
#define SOFTD3D_CORE_CAPS_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "d3d9types.h"
#include "d3d9caps.h"

typedef struct core_caps_flag_name {
    const char *name;     /* "D3DPTADDRESSCAPS_WRAP" */
    DWORD value;
    bool field;           /* a multi-bit field, not a flag: D3DFVFCAPS_TEXCOORDCOUNTMASK; decoded
                           * as "NAME=<value & mask>" */
} core_caps_flag_name;

typedef enum core_caps_member_type {
    CORE_CAPS_UINT,       /* DWORD / UINT number */
    CORE_CAPS_INT,        /* INT number (VS20Caps / PS20Caps) */
    CORE_CAPS_FLOAT,
    CORE_CAPS_FLAGS,      /* DWORD of flags; `flags` names them */
    CORE_CAPS_VS_VERSION, /* D3DVS_VERSION DWORD */
    CORE_CAPS_PS_VERSION, /* D3DPS_VERSION DWORD */
    CORE_CAPS_DEVTYPE,    /* D3DDEVTYPE */
} core_caps_member_type;

typedef struct core_caps_member {
    const char *name;
    size_t offset;
    core_caps_member_type type;
    const core_caps_flag_name *flags;  /* CORE_CAPS_FLAGS only */
    size_t flag_count;
} core_caps_member;

/* All members of D3DCAPS9, in structure order. */
const core_caps_member *core_caps_members(size_t *count);

/* The member called name ("Caps2", "PS20Caps.Caps"), or NULL. */
const core_caps_member *core_caps_member_by_name(const char *name);

/* Reads the member's 32 bits from c (DWORD, INT and float members all are 4 bytes). */
DWORD core_caps_member_bits(const core_caps_member *m, const D3DCAPS9 *c);
float core_caps_member_float(const core_caps_member *m, const D3DCAPS9 *c);

/* Calls cb once per token of value: the name of each known flag that is set, in table order,
 * "NAME=<n>" for a multi-bit field, and last, if bits are left that have no name, "0x<hex>". */
typedef void (*core_caps_token_cb)(void *ctx, const char *token);
void core_caps_decode_flags(const core_caps_member *m, DWORD value, core_caps_token_cb cb,
                            void *ctx);

/* Joins the tokens with sep into buf (truncating); returns the length it needed, as snprintf. */
size_t core_caps_format_flags(const core_caps_member *m, DWORD value, const char *sep, char *buf,
                              size_t size);

/* Name of a D3DDEVTYPE value ("D3DDEVTYPE_HAL"), or NULL. */
const char *core_caps_devtype_name(DWORD type);

#endif /* SOFTD3D_CORE_CAPS_NAMES_H */
