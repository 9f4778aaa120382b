/* src/hlsl/api.c — the d3dcompiler.h entry points over hlsl.h: ID3DBlob, ID3DInclude and the
 * file system, HRESULTs.
 *
 *   D3DCompile / D3DCompile2   S_OK with the code blob (and a warnings blob when there are
 *                              warnings); E_FAIL with the error blob for an error in the source;
 *                              E_INVALIDARG for NULL source / target / ppCode; E_OUTOFMEMORY.
 *                              D3DCompile2's secondary data is not used (no class linkage).
 *   D3DCompileFromFile         the same from a file (UTF-16 name); D3D_COMPILE_STANDARD_FILE_
 *                              INCLUDE resolves #include "x" next to the including file, then
 *                              next to the main file.
 *   D3DPreprocess              the preprocessed text.
 * (ID3DBlob and D3DCreateBlob: src/d3dcompiler/blob.c.)
 * Flags honoured: PACK_MATRIX_ROW_MAJOR, WARNINGS_ARE_ERRORS; the optimisation, debug and
 * strictness flags are accepted and change nothing (the compiler always folds and removes dead
 * code, which changes no result).
 */
#define COBJMACROS
#include "d3dcompiler.h"

#include "d3dcompiler/blob.h"
#include "hlsl/hlsl.h"
#include "util/export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Messages as a NUL-terminated blob (fxc's error blobs end with a NUL). */
static void message_blob(char *msgs, ID3DBlob **out)
{
    if (!out) {
        free(msgs);
        return;
    }
    *out = NULL;
    if (!msgs)
        return;
    *out = d3dcompiler_blob_take(msgs, strlen(msgs) + 1);
}

/* ---- includes ------------------------------------------------------------------------------ */

struct inc_ctx {
    ID3DInclude *app;             /* the application's, or NULL for the file system */
    char dir[1024];               /* the main file's directory ("" for the current one) */
    struct opened_file {
        struct opened_file *next;
        const void *data;
        char dir[1024];
    } *files;
};

static int read_file(const char *path, void **data, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (n < cap)
            break;
        if (cap > ((size_t)1 << 28)) {
            free(buf);
            buf = NULL;
            break;
        }
        char *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    fclose(f);
    if (!buf)
        return -1;
    *data = buf;
    *size = n;
    return 0;
}

static void dir_of(const char *path, char *dir, size_t size)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path + 1) : 0;
    if (n >= size)
        n = 0;
    memcpy(dir, path, n);
    dir[n] = '\0';
}

static int inc_open(void *ctx, bool system, const char *name, const void *parent,
                    const void **data, size_t *size)
{
    struct inc_ctx *c = ctx;
    if (c->app) {
        LPCVOID d = NULL;
        UINT bytes = 0;
        HRESULT hr = ID3DInclude_Open(c->app, system ? D3D_INCLUDE_SYSTEM : D3D_INCLUDE_LOCAL,
                                      name, parent, &d, &bytes);
        if (FAILED(hr))
            return -1;
        *data = d;
        *size = bytes;
        return 0;
    }
    const char *dirs[2] = {c->dir, c->dir};
    for (struct opened_file *f = c->files; f; f = f->next)
        if (parent && f->data == parent)
            dirs[0] = f->dir;
    for (int i = 0; i < 2; i++) {
        char path[2048];
        if (name[0] == '/')
            snprintf(path, sizeof(path), "%s", name);
        else
            snprintf(path, sizeof(path), "%s%s", dirs[i], name);
        for (char *q = path; *q; q++)
            if (*q == '\\')
                *q = '/'; /* Windows separators in #include "..\\x.hlsl" */
        void *d;
        size_t n;
        if (read_file(path, &d, &n))
            continue;
        struct opened_file *f = malloc(sizeof(*f));
        if (!f) {
            free(d);
            return -1;
        }
        f->data = d;
        dir_of(path, f->dir, sizeof(f->dir));
        f->next = c->files;
        c->files = f;
        *data = d;
        *size = n;
        return 0;
    }
    return -1;
}

static void inc_close(void *ctx, const void *data)
{
    struct inc_ctx *c = ctx;
    if (c->app) {
        ID3DInclude_Close(c->app, data);
        return;
    }
    for (struct opened_file **f = &c->files; *f; f = &(*f)->next)
        if ((*f)->data == data) {
            struct opened_file *x = *f;
            *f = x->next;
            free((void *)x->data);
            free(x);
            return;
        }
}

static size_t count_defines(const D3D_SHADER_MACRO *d)
{
    size_t n = 0;
    while (d && d[n].Name)
        n++;
    return n;
}

static HRESULT compile(LPCVOID src, SIZE_T size, LPCSTR name, const D3D_SHADER_MACRO *defines,
                       ID3DInclude *include, const char *main_path, LPCSTR entry, LPCSTR target,
                       UINT flags, ID3DBlob **code, ID3DBlob **errors)
{
    if (code)
        *code = NULL;
    if (errors)
        *errors = NULL;
    if ((!src && size) || !target || !code)
        return E_INVALIDARG;
    size_t nd = count_defines(defines);
    struct hlsl_define *defs = calloc(nd + 1, sizeof(*defs));
    if (!defs)
        return E_OUTOFMEMORY;
    for (size_t i = 0; i < nd; i++) {
        defs[i].name = defines[i].Name;
        defs[i].value = defines[i].Definition;
    }
    struct inc_ctx ic = {0};
    ic.app = include == D3D_COMPILE_STANDARD_FILE_INCLUDE ? NULL : include;
    if (main_path)
        dir_of(main_path, ic.dir, sizeof(ic.dir));
    struct hlsl_include inc = {&ic, inc_open, inc_close};
    struct hlsl_args a = {0};
    a.source = src;
    a.size = size;
    a.filename = name;
    a.defines = defs;
    a.ndefines = nd;
    a.include = include ? &inc : NULL;
    a.entry = entry;
    a.target = target;
    a.flags = ((flags & D3DCOMPILE_PACK_MATRIX_ROW_MAJOR) ? HLSL_PACK_ROW_MAJOR : 0) |
              ((flags & D3DCOMPILE_WARNINGS_ARE_ERRORS) ? HLSL_WARNINGS_ARE_ERRORS : 0);
    struct hlsl_result r;
    int ret = hlsl_compile(&a, &r);
    free(defs);
    char *msgs = r.messages;
    r.messages = NULL;
    if (ret) {
        hlsl_result_free(&r);
        message_blob(msgs, errors);
        return ret == -2 ? E_OUTOFMEMORY : E_FAIL;
    }
    message_blob(msgs, errors);
    *code = d3dcompiler_blob_take(r.code, r.code_size);
    r.code = NULL;
    hlsl_result_free(&r);
    return *code ? S_OK : E_OUTOFMEMORY;
}

SOFTD3D_EXPORT HRESULT WINAPI D3DCompile(LPCVOID pSrcData, SIZE_T SrcDataSize, LPCSTR pSourceName,
                                         const D3D_SHADER_MACRO *pDefines, ID3DInclude *pInclude,
                                         LPCSTR pEntrypoint, LPCSTR pTarget, UINT Flags1,
                                         UINT Flags2, ID3DBlob **ppCode, ID3DBlob **ppErrorMsgs)
{
    (void)Flags2;
    return compile(pSrcData, SrcDataSize, pSourceName, pDefines, pInclude, NULL, pEntrypoint,
                   pTarget, Flags1, ppCode, ppErrorMsgs);
}

SOFTD3D_EXPORT HRESULT WINAPI D3DCompile2(LPCVOID pSrcData, SIZE_T SrcDataSize,
                                          LPCSTR pSourceName, const D3D_SHADER_MACRO *pDefines,
                                          ID3DInclude *pInclude, LPCSTR pEntrypoint,
                                          LPCSTR pTarget, UINT Flags1, UINT Flags2,
                                          UINT SecondaryDataFlags, LPCVOID pSecondaryData,
                                          SIZE_T SecondaryDataSize, ID3DBlob **ppCode,
                                          ID3DBlob **ppErrorMsgs)
{
    (void)Flags2;
    (void)SecondaryDataFlags;
    (void)pSecondaryData;
    (void)SecondaryDataSize;
    return compile(pSrcData, SrcDataSize, pSourceName, pDefines, pInclude, NULL, pEntrypoint,
                   pTarget, Flags1, ppCode, ppErrorMsgs);
}

/* UTF-16 -> UTF-8 (file names). */
static char *utf8_of(LPCWSTR w)
{
    size_t n = 0;
    while (w[n])
        n++;
    char *s = malloc(n * 3 + 1);
    if (!s)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = w[i];
        if (c >= 0xd800 && c < 0xdc00 && i + 1 < n && w[i + 1] >= 0xdc00 && w[i + 1] < 0xe000) {
            c = 0x10000 + ((c - 0xd800) << 10) + (w[i + 1] - 0xdc00u);
            i++;
        }
        if (c < 0x80) {
            s[o++] = (char)c;
        } else if (c < 0x800) {
            s[o++] = (char)(0xc0 | c >> 6);
            s[o++] = (char)(0x80 | (c & 0x3f));
        } else if (c < 0x10000) {
            s[o++] = (char)(0xe0 | c >> 12);
            s[o++] = (char)(0x80 | (c >> 6 & 0x3f));
            s[o++] = (char)(0x80 | (c & 0x3f));
        } else {
            s[o++] = (char)(0xf0 | c >> 18);
            s[o++] = (char)(0x80 | (c >> 12 & 0x3f));
            s[o++] = (char)(0x80 | (c >> 6 & 0x3f));
            s[o++] = (char)(0x80 | (c & 0x3f));
        }
    }
    s[o] = '\0';
    return s;
}

SOFTD3D_EXPORT HRESULT WINAPI D3DCompileFromFile(LPCWSTR pFileName,
                                                 const D3D_SHADER_MACRO *pDefines,
                                                 ID3DInclude *pInclude, LPCSTR pEntrypoint,
                                                 LPCSTR pTarget, UINT Flags1, UINT Flags2,
                                                 ID3DBlob **ppCode, ID3DBlob **ppErrorMsgs)
{
    (void)Flags2;
    if (ppCode)
        *ppCode = NULL;
    if (ppErrorMsgs)
        *ppErrorMsgs = NULL;
    if (!pFileName)
        return E_INVALIDARG;
    char *path = utf8_of(pFileName);
    if (!path)
        return E_OUTOFMEMORY;
    void *data;
    size_t size;
    if (read_file(path, &data, &size)) {
        free(path);
        return HRESULT_FROM_WIN32(2) /* ERROR_FILE_NOT_FOUND */;
    }
    HRESULT hr = compile(data, size, path, pDefines, pInclude, path, pEntrypoint, pTarget,
                         Flags1, ppCode, ppErrorMsgs);
    free(data);
    free(path);
    return hr;
}

SOFTD3D_EXPORT HRESULT WINAPI D3DPreprocess(LPCVOID pSrcData, SIZE_T SrcDataSize,
                                            LPCSTR pSourceName, const D3D_SHADER_MACRO *pDefines,
                                            ID3DInclude *pInclude, ID3DBlob **ppCodeText,
                                            ID3DBlob **ppErrorMsgs)
{
    if (ppCodeText)
        *ppCodeText = NULL;
    if (ppErrorMsgs)
        *ppErrorMsgs = NULL;
    if ((!pSrcData && SrcDataSize) || !ppCodeText)
        return E_INVALIDARG;
    size_t nd = count_defines(pDefines);
    struct hlsl_define *defs = calloc(nd + 1, sizeof(*defs));
    if (!defs)
        return E_OUTOFMEMORY;
    for (size_t i = 0; i < nd; i++) {
        defs[i].name = pDefines[i].Name;
        defs[i].value = pDefines[i].Definition;
    }
    struct inc_ctx ic = {0};
    ic.app = pInclude == D3D_COMPILE_STANDARD_FILE_INCLUDE ? NULL : pInclude;
    struct hlsl_include inc = {&ic, inc_open, inc_close};
    struct hlsl_args a = {0};
    a.source = pSrcData;
    a.size = SrcDataSize;
    a.filename = pSourceName;
    a.defines = defs;
    a.ndefines = nd;
    a.include = pInclude ? &inc : NULL;
    char *text, *msgs;
    size_t len;
    int ret = hlsl_preprocess(&a, &text, &len, &msgs);
    free(defs);
    message_blob(msgs, ppErrorMsgs);
    if (ret)
        return ret == -2 ? E_OUTOFMEMORY : E_FAIL;
    *ppCodeText = d3dcompiler_blob_take(text, len + 1);
    return *ppCodeText ? S_OK : E_OUTOFMEMORY;
}
