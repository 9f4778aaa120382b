/* tests/vkd3d_trace.h — vkd3d-compiler's decoded instruction names, for cross-checks (see
 * vkd3d_trace.c). */
#ifndef SOFTD3D_TESTS_VKD3D_TRACE_H
#define SOFTD3D_TESTS_VKD3D_TRACE_H

#include <stdbool.h>

struct vkd3d_namelist {
    char names[600][48];
    unsigned n;
};

/* Is vkd3d-compiler on the PATH? */
bool vkd3d_compiler_present(void);
/* Adds the mnemonic of one disassembly line (its first word, up to a blank or '('); blank
 * lines, comments and data lines are skipped. */
void vkd3d_namelist_add(struct vkd3d_namelist *l, const char *line);
/* vkd3d's names for the blob in `path` (the lines after the version line).  Opcodes vkd3d
 * could not decode are returned in unknown[] (at most 64).  False when nothing was traced. */
bool vkd3d_trace_names(const char *path, struct vkd3d_namelist *l, unsigned *unknown,
                       unsigned *nunknown);
/* Drops from l one instruction of each opcode in unknown[]. */
void vkd3d_drop_unknown(struct vkd3d_namelist *l, const unsigned *unknown, unsigned nunknown);
/* Maps both lists to fxc's spellings, sorts them and compares; prints both when they differ. */
bool vkd3d_same_names(struct vkd3d_namelist *ours, struct vkd3d_namelist *theirs,
                      const char *what);

#endif
