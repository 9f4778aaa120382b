/* src/d3d11/limits.c — see limits.h.  Each number cites its row; the D3D_FL9_* constants of
 * d3dcommon.h agree where they exist.  10_0 / 10_1 (issue 11): the D3D10_REQ_* resource limits
 * ("d3d10 req": 1D 8192, 1D/2D arrays 512, 2D 8192, 3D 2048, cube 8192) and the "Direct3D
 * feature levels" overview (max texture repeat 8192, anisotropy 16, 8 simultaneous render
 * targets, 16 input slots, primitive count and vertex index 2^32 - 1).  11_0 (issue 15): the
 * D3D11_REQ_* limits of the same overview's 11_0 column (2D and 1D 16384, cube 16384, 3D 2048,
 * arrays 2048, texture repeat 16384) and 32 input slots (D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT;
 * the context stores D3D11_CTX_VB_SLOTS = 32 bindings at every level, the level's count is
 * what IASetVertexBuffers and input layouts accept).  UAV slots (issue 15): 8 at 11_0
 * (D3D11_PS_CS_UAV_REGISTER_COUNT), 64 at 11_1 (D3D11_1_UAV_SLOT_COUNT; the overview's "Max UAV
 * slots" row, 11_1 "64" for every stage). */
#include "d3d11/limits.h"

static const struct d3d11_level_limits limits[] = {
    { D3D_FEATURE_LEVEL_9_1, 2048, 512, 256, 2, 65535, 65534, 1, 128, 16, 0, 1, false, 0 },
    { D3D_FEATURE_LEVEL_9_2, 2048, 512, 512, 16, 1048575, 1048575, 1, 2048, 16, 0, 1, false, 0 },
    { D3D_FEATURE_LEVEL_9_3, 4096, 4096, 512, 16, 1048575, 1048575, 4, 8192, 16, 0, 1, false, 0 },
    { D3D_FEATURE_LEVEL_10_0, 8192, 8192, 2048, 16, 0xffffffffu, 0xffffffffu, 8, 8192, 16, 8192,
      512, false, 0 },
    { D3D_FEATURE_LEVEL_10_1, 8192, 8192, 2048, 16, 0xffffffffu, 0xffffffffu, 8, 8192, 16, 8192,
      512, true, 0 },
    { D3D_FEATURE_LEVEL_11_0, 16384, 16384, 2048, 16, 0xffffffffu, 0xffffffffu, 8, 16384, 32,
      16384, 2048, true, 8 },
    /* 11_1: the same D3D11_REQ_* column as 11_0 (the overview's 11_1 column), the same 32 input
     * slots, 64 UAV slots. */
    { D3D_FEATURE_LEVEL_11_1, 16384, 16384, 2048, 16, 0xffffffffu, 0xffffffffu, 8, 16384, 32,
      16384, 2048, true, 64 },
};

const struct d3d11_level_limits *d3d11_level_limits(D3D_FEATURE_LEVEL level)
{
    for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++)
        if (limits[i].level == level)
            return &limits[i];
    return NULL;
}
