/* d3dcompiler.h — the HLSL compiler entry points (D3DCompile & co) and the rest of the
 * d3dcompiler API (reflection, disassembly, blob parts), as the Windows SDK declares them, for
 * softd3d's compiler (src/hlsl/) and src/d3dcompiler/.  Written from the public documentation
 * (learn.microsoft.com, "D3DCompile function", "D3DCOMPILE Constants", "D3DReflect",
 * "D3DGetBlobPart", "D3D_BLOB_PART", "D3DStripShader", "D3DCOMPILER_STRIP_FLAGS",
 * "D3DDisassemble").  Hand-written rather than generated from idl/: it declares functions and
 * flag values, no interfaces (the reflection interfaces are in d3d11shader.h). */
#ifndef __D3DCOMPILER_H__
#define __D3DCOMPILER_H__

#include "d3dcommon.h"
#include "d3d11shader.h"

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

/* ---- reflection and disassembly ---- */
HRESULT WINAPI D3DReflect(LPCVOID pSrcData, SIZE_T SrcDataSize, REFIID pInterface,
                          void **ppReflector);
HRESULT WINAPI D3DReflectLibrary(LPCVOID pSrcData, SIZE_T SrcDataSize, REFIID riid,
                                 LPVOID *ppReflector);

#define D3D_DISASM_ENABLE_COLOR_CODE            0x00000001
#define D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS  0x00000002
#define D3D_DISASM_ENABLE_INSTRUCTION_NUMBERING 0x00000004
#define D3D_DISASM_ENABLE_INSTRUCTION_CYCLE     0x00000008
#define D3D_DISASM_DISABLE_DEBUG_INFO           0x00000010
#define D3D_DISASM_ENABLE_INSTRUCTION_OFFSET    0x00000020
#define D3D_DISASM_INSTRUCTION_ONLY             0x00000040
#define D3D_DISASM_PRINT_HEX_LITERALS           0x00000080

HRESULT WINAPI D3DDisassemble(LPCVOID pSrcData, SIZE_T SrcDataSize, UINT Flags,
                              LPCSTR szComments, ID3DBlob **ppDisassembly);

/* ---- parts of a compiled shader ---- */
typedef enum D3D_BLOB_PART {
    D3D_BLOB_INPUT_SIGNATURE_BLOB,
    D3D_BLOB_OUTPUT_SIGNATURE_BLOB,
    D3D_BLOB_INPUT_AND_OUTPUT_SIGNATURE_BLOB,
    D3D_BLOB_PATCH_CONSTANT_SIGNATURE_BLOB,
    D3D_BLOB_ALL_SIGNATURE_BLOB,
    D3D_BLOB_DEBUG_INFO,
    D3D_BLOB_LEGACY_SHADER,
    D3D_BLOB_XNA_PREPASS_SHADER,
    D3D_BLOB_XNA_SHADER,
    D3D_BLOB_PDB,
    D3D_BLOB_PRIVATE_DATA,
    D3D_BLOB_ROOT_SIGNATURE,
    D3D_BLOB_DEBUG_NAME,
    D3D_BLOB_TEST_ALTERNATE_SHADER = 0x8000,
    D3D_BLOB_TEST_COMPILE_DETAILS,
    D3D_BLOB_TEST_COMPILE_PERF,
    D3D_BLOB_TEST_COMPILE_REPORT
} D3D_BLOB_PART;

HRESULT WINAPI D3DGetBlobPart(LPCVOID pSrcData, SIZE_T SrcDataSize, D3D_BLOB_PART Part,
                              UINT Flags, ID3DBlob **ppPart);
HRESULT WINAPI D3DGetInputSignatureBlob(LPCVOID pSrcData, SIZE_T SrcDataSize,
                                        ID3DBlob **ppSignatureBlob);
HRESULT WINAPI D3DGetOutputSignatureBlob(LPCVOID pSrcData, SIZE_T SrcDataSize,
                                         ID3DBlob **ppSignatureBlob);
HRESULT WINAPI D3DGetInputAndOutputSignatureBlob(LPCVOID pSrcData, SIZE_T SrcDataSize,
                                                 ID3DBlob **ppSignatureBlob);
HRESULT WINAPI D3DGetDebugInfo(LPCVOID pSrcData, SIZE_T SrcDataSize, ID3DBlob **ppDebugInfo);

typedef enum D3DCOMPILER_STRIP_FLAGS {
    D3DCOMPILER_STRIP_REFLECTION_DATA = 0x00000001,
    D3DCOMPILER_STRIP_DEBUG_INFO = 0x00000002,
    D3DCOMPILER_STRIP_TEST_BLOBS = 0x00000004,
    D3DCOMPILER_STRIP_PRIVATE_DATA = 0x00000008,
    D3DCOMPILER_STRIP_ROOT_SIGNATURE = 0x00000010,
    D3DCOMPILER_STRIP_FORCE_DWORD = 0x7fffffff
} D3DCOMPILER_STRIP_FLAGS;

HRESULT WINAPI D3DStripShader(LPCVOID pShaderBytecode, SIZE_T BytecodeLength, UINT uStripFlags,
                              ID3DBlob **ppStrippedBlob);

#ifdef __cplusplus
}
#endif

#endif /* __D3DCOMPILER_H__ */
