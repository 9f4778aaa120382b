/* tests/test_blob_part.c — D3DGetBlobPart and its shortcuts, D3DStripShader, D3DGetDebugInfo,
 * D3DDisassemble. */
#define COBJMACROS
#include "d3dcompiler.h"

#include "harness.h"
