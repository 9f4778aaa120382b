/* d3dcompiler.h — the HLSL compiler entry points (D3DCompile & co), as the Windows SDK declares
 * them, for softd3d's compiler (src/hlsl/).  Written from the public documentation
 * (learn.microsoft.com, "D3DCompile function" and "D3DCOMPILE Constants").  Hand-written rather
 * than generated from idl/: it declares functions and flag values, no interfaces. */
#ifndef __D3DCOMPILER_H__
#define __D3DCOMPILER_H__

#include "d3dcommon.h"

#ifdef __cplusplus
extern "C" {
#endif

#define D3DCOMPILE_DEBUG                          (1u << 0)
#define D3DCOMPILE_SKIP_VALIDATION                (1u << 1)
#define D3DCOMPILE_SKIP_OPTIMIZATION              (1u << 2)
#define D3DCOMPILE_PACK_MATRIX_ROW_MAJOR          (1u << 3)
#define D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR       (1u << 4)
#define D3DCOMPILE_PARTIAL_PRECISION              (1u << 5)
#define D3DCOMPILE_FORCE_VS_SOFTWARE_NO_OPT       (1u << 6)
#define D3DCOMPILE_FORCE_PS_SOFTWARE_NO_OPT       (1u << 7)
#define D3DCOMPILE_NO_PRESHADER                   (1u << 8)
#define D3DCOMPILE_AVOID_FLOW_CONTROL             (1u << 9)
#define D3DCOMPILE_PREFER_FLOW_CONTROL            (1u << 10)
#define D3DCOMPILE_ENABLE_STRICTNESS              (1u << 11)
#define D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY (1u << 12)
#define D3DCOMPILE_IEEE_STRICTNESS                (1u << 13)
#define D3DCOMPILE_OPTIMIZATION_LEVEL0            (1u << 14)
#define D3DCOMPILE_OPTIMIZATION_LEVEL1            0
#define D3DCOMPILE_OPTIMIZATION_LEVEL2            ((1u << 14) | (1u << 15))
#define D3DCOMPILE_OPTIMIZATION_LEVEL3            (1u << 15)
#define D3DCOMPILE_RESERVED16                     (1u << 16)
#define D3DCOMPILE_RESERVED17                     (1u << 17)
#define D3DCOMPILE_WARNINGS_ARE_ERRORS            (1u << 18)
#define D3DCOMPILE_RESOURCES_MAY_ALIAS            (1u << 19)
#define D3DCOMPILE_ENABLE_UNBOUNDED_DESCRIPTOR_TABLES (1u << 20)
#define D3DCOMPILE_ALL_RESOURCES_BOUND            (1u << 21)

/* D3DCompileFromFile's pInclude: the file system, relative to the including file. */
#define D3D_COMPILE_STANDARD_FILE_INCLUDE ((ID3DInclude *)(UINT_PTR)1)

HRESULT WINAPI D3DCompile(LPCVOID pSrcData, SIZE_T SrcDataSize, LPCSTR pSourceName,
                          const D3D_SHADER_MACRO *pDefines, ID3DInclude *pInclude,
                          LPCSTR pEntrypoint, LPCSTR pTarget, UINT Flags1, UINT Flags2,
                          ID3DBlob **ppCode, ID3DBlob **ppErrorMsgs);
HRESULT WINAPI D3DCompile2(LPCVOID pSrcData, SIZE_T SrcDataSize, LPCSTR pSourceName,
                           const D3D_SHADER_MACRO *pDefines, ID3DInclude *pInclude,
                           LPCSTR pEntrypoint, LPCSTR pTarget, UINT Flags1, UINT Flags2,
                           UINT SecondaryDataFlags, LPCVOID pSecondaryData,
                           SIZE_T SecondaryDataSize, ID3DBlob **ppCode, ID3DBlob **ppErrorMsgs);
HRESULT WINAPI D3DCompileFromFile(LPCWSTR pFileName, const D3D_SHADER_MACRO *pDefines,
                                  ID3DInclude *pInclude, LPCSTR pEntrypoint, LPCSTR pTarget,
                                  UINT Flags1, UINT Flags2, ID3DBlob **ppCode,
                                  ID3DBlob **ppErrorMsgs);
HRESULT WINAPI D3DPreprocess(LPCVOID pSrcData, SIZE_T SrcDataSize, LPCSTR pSourceName,
                             const D3D_SHADER_MACRO *pDefines, ID3DInclude *pInclude,
                             ID3DBlob **ppCodeText, ID3DBlob **ppErrorMsgs);
HRESULT WINAPI D3DCreateBlob(SIZE_T Size, ID3DBlob **ppBlob);

#ifdef __cplusplus
}
#endif

#endif /* __D3DCOMPILER_H__ */
