/* src/d3dcompiler/blob.c — ID3DBlob (ID3D10Blob): a reference-counted block of bytes, what every
 * d3dcompiler.h entry point returns, and D3DCreateBlob (a zero-filled blob of the size asked).
 * QueryInterface answers IUnknown and ID3D10Blob (IID_ID3DBlob is the same IID). */
#define COBJMACROS
#include "d3dcompiler/blob.h"

#include "d3dcompiler.h"
#include "util/export.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* ---- ID3DBlob ---------------------------------------------------------------------------------- */

struct blob {
    ID3D10Blob iface;
    atomic_uint refs;
    SIZE_T size;
    void *data;
};

static struct blob *blob_impl(ID3D10Blob *iface)
{
    return (struct blob *)iface;
}

static HRESULT STDMETHODCALLTYPE blob_QueryInterface(ID3D10Blob *iface, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D10Blob)) {
        ID3D10Blob_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE blob_AddRef(ID3D10Blob *iface)
{
    return atomic_fetch_add(&blob_impl(iface)->refs, 1) + 1;
}

static ULONG STDMETHODCALLTYPE blob_Release(ID3D10Blob *iface)
{
    struct blob *b = blob_impl(iface);
    ULONG r = atomic_fetch_sub(&b->refs, 1) - 1;
    if (!r) {
        free(b->data);
        free(b);
    }
    return r;
}

static LPVOID STDMETHODCALLTYPE blob_GetBufferPointer(ID3D10Blob *iface)
{
    return blob_impl(iface)->data;
}

static SIZE_T STDMETHODCALLTYPE blob_GetBufferSize(ID3D10Blob *iface)
{
    return blob_impl(iface)->size;
}

static const ID3D10BlobVtbl blob_vtbl = {
    blob_QueryInterface, blob_AddRef, blob_Release, blob_GetBufferPointer, blob_GetBufferSize,
};

ID3DBlob *d3dcompiler_blob_take(void *data, SIZE_T size)
{
    struct blob *b = calloc(1, sizeof(*b));
    if (!b) {
        free(data);
        return NULL;
    }
    b->iface.lpVtbl = &blob_vtbl;
    atomic_init(&b->refs, 1);
    b->data = data;
    b->size = size;
    return &b->iface;
}

ID3DBlob *d3dcompiler_blob_copy(const void *data, SIZE_T size)
{
    void *d = malloc(size ? size : 1);
    if (!d)
        return NULL;
    if (size)
        memcpy(d, data, size);
    return d3dcompiler_blob_take(d, size);
}

SOFTD3D_EXPORT HRESULT WINAPI D3DCreateBlob(SIZE_T Size, ID3DBlob **ppBlob)
{
    if (!ppBlob)
        return E_INVALIDARG;
    *ppBlob = NULL;
    void *d = calloc(1, Size ? Size : 1);
    if (!d)
        return E_OUTOFMEMORY;
    *ppBlob = d3dcompiler_blob_take(d, Size);
    return *ppBlob ? S_OK : E_OUTOFMEMORY;
}
