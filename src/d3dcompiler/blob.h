/* src/d3dcompiler/blob.h — ID3DBlob, the byte buffer every d3dcompiler.h entry point returns
 * (blob.c), for the other files of the d3dcompiler API (src/hlsl/api.c, src/d3dcompiler/). */
#ifndef SOFTD3D_D3DCOMPILER_BLOB_H
#define SOFTD3D_D3DCOMPILER_BLOB_H

#include "d3dcommon.h"

/* A blob that takes ownership of data (malloc'ed; NULL with size 0 is fine).  On out of
 * memory, frees data and returns NULL. */
ID3DBlob *d3dcompiler_blob_take(void *data, SIZE_T size);

/* A blob holding a copy of size bytes of data; NULL on out of memory. */
ID3DBlob *d3dcompiler_blob_copy(const void *data, SIZE_T size);

#endif
