/* src/d3dcompiler/blob_part.c — the parts of a compiled shader: D3DGetBlobPart, the signature
 * shortcuts (D3DGetInputSignatureBlob ...), D3DGetDebugInfo and D3DStripShader.
 *
 * What each part is (learn.microsoft.com, "D3D_BLOB_PART"; the chunk tags are the DXBC
 * container's, dxbc.h):
 *   INPUT / OUTPUT / INPUT_AND_OUTPUT / PATCH_CONSTANT / ALL_SIGNATURE
 *        a DXBC container of its own holding just those signature chunks (ISGN or ISG1; OSGN,
 *        OSG5 or OSG1; PCSG or PSG1), signed, so that it can be handed to CreateInputLayout
 *        as "the shader" (the documented use of D3DGetInputSignatureBlob).  Every signature
 *        the part names must be in the shader.
 *   DEBUG_INFO SDBG, LEGACY_SHADER Aon9 (the level-9 program of a 4_0_level_9_x shader),
 *   XNA_PREPASS_SHADER XNAP, XNA_SHADER XNAS, PDB SPDB, PRIVATE_DATA PRIV,
 *   ROOT_SIGNATURE RTS0, DEBUG_NAME ILDN
 *        the chunk's bytes.
 *   TEST_*  Microsoft's internal test parts: refused (E_INVALIDARG) like any unknown part.
 * A part the shader does not have is E_FAIL; a blob that is not a DXBC container is E_FAIL;
 * NULL pointers and flags (the documentation defines none) are E_INVALIDARG.  Checksums are
 * not checked (these functions read what they are given) but every container written is
 * signed (dxbc_sign).
 *
 * D3DStripShader removes, by flag (D3DCOMPILER_STRIP_FLAGS): REFLECTION_DATA the RDEF and
 * STAT chunks; DEBUG_INFO SDBG, SPDB and ILDN; PRIVATE_DATA PRIV; ROOT_SIGNATURE RTS0;
 * TEST_BLOBS nothing (no test chunk is documented).  The rest is copied in order and the
 * container re-signed.
 */
#define COBJMACROS
#include "d3dcompiler.h"

#include "d3dcompiler/blob.h"
#include "shader/dxbc.h"
#include "util/export.h"
#include "util/log.h"

#include <stdlib.h>
#include <string.h>

#define TAG_PRIV DXBC_FOURCC('P', 'R', 'I', 'V')
#define TAG_RTS0 DXBC_FOURCC('R', 'T', 'S', '0')
#define TAG_ILDN DXBC_FOURCC('I', 'L', 'D', 'N')

#define MAX_PART_CHUNKS 3

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* A signed container of n chunks (in that order) as a blob; NULL on out of memory or a size
 * that does not fit the container's 32-bit fields. */
static ID3DBlob *write_container(const struct dxbc_chunk *chunks, uint32_t n)
{
    uint64_t size = DXBC_HEADER_SIZE + 4ull * n;
    for (uint32_t i = 0; i < n; i++)
        size += 8ull + chunks[i].size;
    if (size > 0xffffffffu)
        return NULL;
    uint8_t *b = calloc(1, (size_t)size);
    if (!b)
        return NULL;
    memcpy(b, "DXBC", 4);
    put32(b + 0x14, 1); /* container version */
    put32(b + 0x18, (uint32_t)size);
    put32(b + 0x1c, n);
    size_t at = DXBC_HEADER_SIZE + 4 * (size_t)n;
    for (uint32_t i = 0; i < n; i++) {
        put32(b + DXBC_HEADER_SIZE + 4 * (size_t)i, (uint32_t)at);
        put32(b + at, chunks[i].tag);
        put32(b + at + 4, chunks[i].size);
        memcpy(b + at + 8, chunks[i].data, chunks[i].size);
        at += 8 + (size_t)chunks[i].size;
    }
    dxbc_sign(b, (size_t)size);
    return d3dcompiler_blob_take(b, (SIZE_T)size);
}

/* Opens the caller's container; E_FAIL (with a message) when it is not one. */
static HRESULT open_container(const char *fn, LPCVOID data, SIZE_T size, struct dxbc_container *c)
{
    struct dxbc_error err;
    if (dxbc_container_open(c, data, size, DXBC_PARSE_SKIP_CHECKSUM, &err)) {
        util_msg(false, "%s: %s", fn, err.message);
        return E_FAIL;
    }
    return S_OK;
}

/* The first chunk with any of the tags (a signature with or without min precision ...). */
static bool find_any(const struct dxbc_container *c, const uint32_t *tags, struct dxbc_chunk *out)
{
    for (; *tags; tags++)
        if (dxbc_container_find(c, *tags, out))
            return true;
    return false;
}

static const uint32_t input_tags[] = {DXBC_TAG_ISGN, DXBC_TAG_ISG1, 0};
static const uint32_t output_tags[] = {DXBC_TAG_OSGN, DXBC_TAG_OSG5, DXBC_TAG_OSG1, 0};
static const uint32_t patch_tags[] = {DXBC_TAG_PCSG, DXBC_TAG_PSG1, 0};

/* The signature chunks a signature part holds, or 0 for a part that is one raw chunk. */
static unsigned signature_part(D3D_BLOB_PART part, const uint32_t **sets)
{
    switch (part) {
    case D3D_BLOB_INPUT_SIGNATURE_BLOB: sets[0] = input_tags; return 1;
    case D3D_BLOB_OUTPUT_SIGNATURE_BLOB: sets[0] = output_tags; return 1;
    case D3D_BLOB_INPUT_AND_OUTPUT_SIGNATURE_BLOB:
        sets[0] = input_tags;
        sets[1] = output_tags;
        return 2;
    case D3D_BLOB_PATCH_CONSTANT_SIGNATURE_BLOB: sets[0] = patch_tags; return 1;
    case D3D_BLOB_ALL_SIGNATURE_BLOB:
        sets[0] = input_tags;
        sets[1] = output_tags;
        sets[2] = patch_tags;
        return 3;
    default: return 0;
    }
}

static uint32_t raw_part_tag(D3D_BLOB_PART part)
{
    switch (part) {
    case D3D_BLOB_DEBUG_INFO: return DXBC_TAG_SDBG;
    case D3D_BLOB_LEGACY_SHADER: return DXBC_TAG_AON9;
    case D3D_BLOB_XNA_PREPASS_SHADER: return DXBC_TAG_XNAP;
    case D3D_BLOB_XNA_SHADER: return DXBC_TAG_XNAS;
    case D3D_BLOB_PDB: return DXBC_TAG_SPDB;
    case D3D_BLOB_PRIVATE_DATA: return TAG_PRIV;
    case D3D_BLOB_ROOT_SIGNATURE: return TAG_RTS0;
    case D3D_BLOB_DEBUG_NAME: return TAG_ILDN;
    default: return 0;
    }
}

static HRESULT get_part(const char *fn, LPCVOID data, SIZE_T size, D3D_BLOB_PART part,
                        UINT flags, ID3DBlob **out)
{
    if (out)
        *out = NULL;
    if (!data || !out || flags) {
        util_msg(false, "%s: %s", fn, flags ? "Flags must be 0 (no flags are defined)" :
                 !data ? "NULL shader" : "NULL output pointer");
        return E_INVALIDARG;
    }
    const uint32_t *sets[MAX_PART_CHUNKS];
    unsigned nsets = signature_part(part, sets);
    uint32_t raw = raw_part_tag(part);
    if (!nsets && !raw) {
        util_msg(false, "%s: unknown blob part %d", fn, (int)part);
        return E_INVALIDARG;
    }
    struct dxbc_container c;
    HRESULT hr = open_container(fn, data, size, &c);
    if (FAILED(hr))
        return hr;
    struct dxbc_chunk chunks[MAX_PART_CHUNKS];
    for (unsigned i = 0; i < nsets; i++)
        if (!find_any(&c, sets[i], &chunks[i])) {
            util_msg(false, "%s: the shader has no %s signature", fn,
                     sets[i] == input_tags ? "input" : sets[i] == output_tags ? "output"
                                                                          : "patch constant");
            return E_FAIL;
        }
    if (!nsets && !dxbc_container_find(&c, raw, &chunks[0])) {
        char tag[5] = {(char)raw, (char)(raw >> 8), (char)(raw >> 16), (char)(raw >> 24), 0};
        util_msg(false, "%s: the shader has no %s chunk", fn, tag);
        return E_FAIL;
    }
    *out = nsets ? write_container(chunks, nsets) : d3dcompiler_blob_copy(chunks[0].data,
                                                                          chunks[0].size);
    return *out ? S_OK : E_OUTOFMEMORY;
}

SOFTD3D_EXPORT HRESULT WINAPI D3DGetBlobPart(LPCVOID pSrcData, SIZE_T SrcDataSize,
                                             D3D_BLOB_PART Part, UINT Flags, ID3DBlob **ppPart)
{
    return get_part("D3DGetBlobPart", pSrcData, SrcDataSize, Part, Flags, ppPart);
}

SOFTD3D_EXPORT HRESULT WINAPI D3DGetInputSignatureBlob(LPCVOID pSrcData, SIZE_T SrcDataSize,
                                                       ID3DBlob **ppSignatureBlob)
{
    return get_part("D3DGetInputSignatureBlob", pSrcData, SrcDataSize,
                    D3D_BLOB_INPUT_SIGNATURE_BLOB, 0, ppSignatureBlob);
}

SOFTD3D_EXPORT HRESULT WINAPI D3DGetOutputSignatureBlob(LPCVOID pSrcData, SIZE_T SrcDataSize,
                                                        ID3DBlob **ppSignatureBlob)
{
    return get_part("D3DGetOutputSignatureBlob", pSrcData, SrcDataSize,
                    D3D_BLOB_OUTPUT_SIGNATURE_BLOB, 0, ppSignatureBlob);
}

SOFTD3D_EXPORT HRESULT WINAPI D3DGetInputAndOutputSignatureBlob(LPCVOID pSrcData,
                                                                SIZE_T SrcDataSize,
                                                                ID3DBlob **ppSignatureBlob)
{
    return get_part("D3DGetInputAndOutputSignatureBlob", pSrcData, SrcDataSize,
                    D3D_BLOB_INPUT_AND_OUTPUT_SIGNATURE_BLOB, 0, ppSignatureBlob);
}

SOFTD3D_EXPORT HRESULT WINAPI D3DGetDebugInfo(LPCVOID pSrcData, SIZE_T SrcDataSize,
                                              ID3DBlob **ppDebugInfo)
{
    return get_part("D3DGetDebugInfo", pSrcData, SrcDataSize, D3D_BLOB_DEBUG_INFO, 0,
                    ppDebugInfo);
}

/* Does a strip flag remove chunks with this tag? */
static bool stripped(uint32_t tag, UINT flags)
{
    if (flags & D3DCOMPILER_STRIP_REFLECTION_DATA)
        if (tag == DXBC_TAG_RDEF || tag == DXBC_TAG_STAT)
            return true;
    if (flags & D3DCOMPILER_STRIP_DEBUG_INFO)
        if (tag == DXBC_TAG_SDBG || tag == DXBC_TAG_SPDB || tag == TAG_ILDN)
            return true;
    if ((flags & D3DCOMPILER_STRIP_PRIVATE_DATA) && tag == TAG_PRIV)
        return true;
    return (flags & D3DCOMPILER_STRIP_ROOT_SIGNATURE) && tag == TAG_RTS0;
}

SOFTD3D_EXPORT HRESULT WINAPI D3DStripShader(LPCVOID pShaderBytecode, SIZE_T BytecodeLength,
                                             UINT uStripFlags, ID3DBlob **ppStrippedBlob)
{
    if (ppStrippedBlob)
        *ppStrippedBlob = NULL;
    if (!pShaderBytecode || !ppStrippedBlob) {
        util_msg(false, "D3DStripShader: NULL %s", !pShaderBytecode ? "shader" : "output pointer");
        return E_INVALIDARG;
    }
    struct dxbc_container c;
    HRESULT hr = open_container("D3DStripShader", pShaderBytecode, BytecodeLength, &c);
    if (FAILED(hr))
        return hr;
    /* dxbc_container_open bounded the count by the bytes of the offset table */
    struct dxbc_chunk *keep = malloc(((size_t)c.chunk_count + 1) * sizeof(*keep));
    if (!keep)
        return E_OUTOFMEMORY;
    uint32_t n = 0;
    for (uint32_t i = 0; i < c.chunk_count; i++)
        if (!dxbc_container_chunk(&c, i, &keep[n]) && !stripped(keep[n].tag, uStripFlags))
            n++;
    *ppStrippedBlob = write_container(keep, n);
    free(keep);
    return *ppStrippedBlob ? S_OK : E_OUTOFMEMORY;
}
