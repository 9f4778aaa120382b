/* src/d3dcompiler/disassemble.c — D3DDisassemble: the fxc-style listing of a compiled shader,
 * written by the disassemblers softd3d-dis uses (shader_disassemble, src/shader/shader_asm.h):
 * a DXBC container (SM4/SM5, with its comment blocks and, for 4_0_level_9_x, the level-9
 * program) or SM1-SM3 d3dbc tokens.  The listing assembles back to the same bytes.
 *
 * Flags (learn.microsoft.com, "D3DDisassemble"): D3D_DISASM_INSTRUCTION_ONLY leaves out the
 * comment lines (the header blocks and the instruction-count footer); szComments, when given,
 * becomes comment lines at the top.  The other flags change only the decoration of the text
 * (HTML colours, numbering, offsets, cycle counts, hex literals, default values, debug
 * info): they are accepted and the plain listing is written.
 * The blob holds the text and its terminating NUL.  NULL pointers are E_INVALIDARG, bytecode
 * the disassembler cannot read is E_FAIL (the message names the offset).
 */
#define COBJMACROS
#include "d3dcompiler.h"

#include "d3dcompiler/blob.h"
#include "shader/shader_asm.h"
#include "util/export.h"
#include "util/log.h"

#include <stdlib.h>
#include <string.h>

/* Is text[0..len) a comment line ("//" after blanks)? */
static bool comment_line(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    return len - i >= 2 && text[i] == '/' && text[i + 1] == '/';
}

/* out = "// " + each line of comments + listing (without its comment lines when asked).
 * out has room for what it gets: its size is computed by the same walk first. */
static size_t compose(const char *comments, const char *listing, bool instructions_only,
                      char *out)
{
    size_t n = 0;
    for (const char *c = comments; c && *c;) {
        const char *nl = strchr(c, '\n');
        size_t len = nl ? (size_t)(nl - c) : strlen(c);
        if (out) {
            memcpy(out + n, "// ", 3);
            memcpy(out + n + 3, c, len);
            out[n + 3 + len] = '\n';
        }
        n += len + 4;
        c += len + (nl ? 1 : 0);
    }
    for (const char *l = listing; *l;) {
        const char *nl = strchr(l, '\n');
        size_t len = nl ? (size_t)(nl - l) + 1 : strlen(l);
        if (!instructions_only || !comment_line(l, len)) {
            if (out)
                memcpy(out + n, l, len);
            n += len;
        }
        l += len;
    }
    if (out)
        out[n] = '\0';
    return n;
}

SOFTD3D_EXPORT HRESULT WINAPI D3DDisassemble(LPCVOID pSrcData, SIZE_T SrcDataSize, UINT Flags,
                                             LPCSTR szComments, ID3DBlob **ppDisassembly)
{
    if (ppDisassembly)
        *ppDisassembly = NULL;
    if (!pSrcData || !ppDisassembly) {
        util_msg(false, "D3DDisassemble: NULL %s", !pSrcData ? "shader" : "output pointer");
        return E_INVALIDARG;
    }
    char *listing, err[256];
    if (shader_disassemble(pSrcData, SrcDataSize, &listing, NULL, 0, err, sizeof(err))) {
        util_msg(false, "D3DDisassemble: %s", err);
        return E_FAIL;
    }
    bool only = (Flags & D3D_DISASM_INSTRUCTION_ONLY) != 0;
    size_t n = compose(szComments, listing, only, NULL);
    char *text = malloc(n + 1);
    if (!text) {
        free(listing);
        return E_OUTOFMEMORY;
    }
    compose(szComments, listing, only, text);
    free(listing);
    *ppDisassembly = d3dcompiler_blob_take(text, n + 1);
    return *ppDisassembly ? S_OK : E_OUTOFMEMORY;
}
