/* tests/vkd3d_trace.c — the vkd3d-compiler cross-check shared by test_tpf.c (the decoder's
 * programs and blobs) and test_tpf_asm.c (the assembler's corpus): run vkd3d-compiler 1.2 with
 * VKD3D_SHADER_DEBUG=trace on a blob, collect the instruction names it decoded, and compare
 * them, as sorted lists, with ours after mapping vkd3d's spellings onto fxc's. */
#define _POSIX_C_SOURCE 200809L

#include "vkd3d_trace.h"

#include "shader/ir.h"
#include "shader/tpf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool vkd3d_compiler_present(void)
{
    return system("command -v vkd3d-compiler >/dev/null 2>&1") == 0;
}

static int name_cmp(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The mnemonic of one disassembly line: its first word, up to a space or '('. */
void vkd3d_namelist_add(struct vkd3d_namelist *l, const char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    if (!((*line >= 'a' && *line <= 'z') || (*line >= 'A' && *line <= 'Z')) || l->n == 600)
        return; /* blank lines, comments, the data lines of a printed immediate cb */
    size_t k = strcspn(line, " (\n");
    if (k >= sizeof(l->names[0]))
        k = sizeof(l->names[0]) - 1;
    memcpy(l->names[l->n], line, k);
    l->names[l->n][k] = '\0';
    l->n++;
}

/* vkd3d's side: the "vkd3d_shader_trace:" lines after the version line.  vkd3d prints
 * "<unrecognized instruction>" for opcodes it does not know (1.2: call, callc, umad, the
 * tiled-resource forms), after a "shader_sm4_read_instruction: Unrecognized opcode 0x.." line
 * from its parser; those opcodes are returned in unknown[] so the caller can drop them from
 * our side.  Returns false when there is no trace at all. */
bool vkd3d_trace_names(const char *path, struct vkd3d_namelist *l, unsigned *unknown,
                       unsigned *nunknown)
{
    char cmd[512], line[4096];
    snprintf(cmd, sizeof(cmd), "VKD3D_SHADER_DEBUG=trace vkd3d-compiler -x dxbc-tpf "
                               "-b spirv-binary -o /dev/null %s 2>&1", path);
    FILE *f = popen(cmd, "r");
    bool first = true, traced = false;
    l->n = 0;
    *nunknown = 0;
    if (!f)
        return false;
    while (fgets(line, sizeof(line), f)) {
        const char *tag = strstr(line, "vkd3d_shader_trace:");
        const char *un = strstr(line, "shader_sm4_read_instruction: Unrecognized opcode 0x");
        if (un && !traced && *nunknown < 64) /* the parse before the trace, not the rescan */
            unknown[(*nunknown)++] = (unsigned)strtoul(un + 51, NULL, 16);
        if (!tag || strstr(line, "warn:"))
            continue;
        traced = true;
        if (first) { /* "vs_4_0" */
            first = false;
            continue;
        }
        if (!strstr(tag, "<unrecognized"))
            vkd3d_namelist_add(l, tag + strlen("vkd3d_shader_trace:"));
    }
    pclose(f);
    return traced;
}

/* Drops one instruction of each opcode vkd3d could not decode from our list. */
void vkd3d_drop_unknown(struct vkd3d_namelist *l, const unsigned *unknown, unsigned nunknown)
{
    for (unsigned u = 0; u < nunknown; u++) {
        const struct tpf_opcode_info *info = tpf_opcode_get(unknown[u]);
        const char *bases[2] = {info->ir_op >= 0 ? ir_op_name((unsigned)info->ir_op) : "?",
                                info->name ? info->name : "?"};
        bool dropped = false;
        for (unsigned b = 0; b < 2 && !dropped; b++) {
            size_t len = strlen(bases[b]);
            for (unsigned i = 0; i < l->n; i++) {
                const char *rest = l->names[i] + len;
                if (!strncmp(l->names[i], bases[b], len) &&
                    (!*rest || !strcmp(rest, "_z") || !strcmp(rest, "_nz"))) {
                    memmove(l->names[i], l->names[i + 1],
                            (l->n - i - 1) * sizeof(l->names[0]));
                    l->n--;
                    dropped = true;
                    break;
                }
            }
        }
    }
}

/* vkd3d 1.2 spells a few names differently from fxc (and from our printer). */
static void normalize(struct vkd3d_namelist *l)
{
    static const struct {
        const char *from, *to; /* a name, or a prefix followed by _z / _nz */
    } alias[] = {
        {"dcl_indexrange", "dcl_indexRange"},
        {"dcl_index_range", "dcl_indexRange"},
        {"dcl_constantBuffer", "dcl_constantbuffer"},
        {"ld2dms", "ld_ms"},
        {"dsx", "deriv_rtx"},
        {"dsy", "deriv_rty"},
        {"sample_info", "sampleinfo"},
        {"sample_pos", "samplepos"},
        {"dcl_immediateconstantbuffer", "dcl_immediateConstantBuffer"},
        {"texkill", "discard"},
        {"breakp", "breakc"},
        {"retp", "retc"},
        {"dcl_inputPrimitive", "dcl_inputprimitive"},
        {"dcl_outputTopology", "dcl_outputtopology"},
        {"dcl_maxOutputVertexCount", "dcl_maxout"},
        {"dcl_gs_instances", "dcl_gsinstances"},
    };
    for (unsigned i = 0; i < l->n; i++) {
        char *s = l->names[i];
        size_t len = strlen(s);
        /* fxc's decorations of sample-like names (their arguments were cut at the '(') */
        if (len > 10 && !strcmp(s + len - 10, "_indexable"))
            s[len -= 10] = '\0';
        if (len > 9 && !strcmp(s + len - 9, "_aoffimmi"))
            s[len -= 9] = '\0';
        /* vkd3d 1.2 does not name sync's UAV fences (it appends _unknown_flags): compare the
         * _g / _t parts only */
        if (!strncmp(s, "sync", 4)) {
            static const char *const fences[] = {"_uglobal", "_ugroup", "_unknown_flags"};
            for (unsigned f = 0; f < 3; f++) {
                char *at = strstr(s, fences[f]);
                if (at)
                    memmove(at, at + strlen(fences[f]), strlen(at + strlen(fences[f])) + 1);
            }
            len = strlen(s);
        }
        for (unsigned a = 0; a < sizeof(alias) / sizeof(alias[0]); a++) {
            size_t k = strlen(alias[a].from);
            if (!strncmp(s, alias[a].from, k) && (!s[k] || s[k] == '_')) {
                char tmp[48];
                snprintf(tmp, sizeof(tmp), "%s%s", alias[a].to, s + k);
                snprintf(s, sizeof(l->names[0]), "%s", tmp);
            }
        }
    }
    qsort(l->names, l->n, sizeof(l->names[0]), name_cmp);
}

bool vkd3d_same_names(struct vkd3d_namelist *a, struct vkd3d_namelist *b, const char *what)
{
    normalize(a);
    normalize(b);
    bool same = a->n == b->n;
    for (unsigned i = 0; same && i < a->n; i++)
        same = !strcmp(a->names[i], b->names[i]);
    if (!same) {
        printf("  %s: ours (%u) vs vkd3d (%u):\n", what, a->n, b->n);
        for (unsigned i = 0; i < a->n || i < b->n; i++)
            printf("    %-32s %s\n", i < a->n ? a->names[i] : "", i < b->n ? b->names[i] : "");
    }
    return same;
}

