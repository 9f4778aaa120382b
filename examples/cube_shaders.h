/* examples/cube_shaders.h — the Direct3D 10/11 examples' shaders compiled at run time with
 * D3DCompile (cube_hlsl of cube_common.h), as a Windows program does; C and C++. */
#ifndef SOFTD3D_EXAMPLES_CUBE_SHADERS_H
#define SOFTD3D_EXAMPLES_CUBE_SHADERS_H

#include <d3dcompiler.h>

#include "cube_common.h"

/* The compiled entry point, or NULL with the compiler's message printed (`who` first). */
static inline ID3DBlob *cube_compile(const char *entry, const char *target, const char *who)
{
    ID3DBlob *code = NULL, *errors = NULL;
    if (SUCCEEDED(D3DCompile(cube_hlsl, sizeof(cube_hlsl) - 1, "cube.hlsl", NULL, NULL, entry,
                             target, 0, 0, &code, &errors)))
        return code;
#if defined(__cplusplus) && !defined(CINTERFACE)
    printf("%s: D3DCompile %s: %s\n", who, entry,
           errors ? static_cast<const char *>(errors->GetBufferPointer()) : "failed");
    if (errors)
        errors->Release();
#else
    printf("%s: D3DCompile %s: %s\n", who, entry,
           errors ? (const char *)ID3D10Blob_GetBufferPointer(errors) : "failed");
    if (errors)
        ID3D10Blob_Release(errors);
#endif
    return NULL;
}

#endif
