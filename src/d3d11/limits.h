/* src/d3d11/limits.h — the numeric limits of each feature level softd3d creates (9_1..11_0), in
 * one table that the validators (resource_validate.c, state.c), the draw path and `softd3d-caps --api d3d11` read.
 * Method-specific yes/no rules (MIRROR_ONCE, occlusion queries, instancing...) stay in the tables
 * of their methods. */
#ifndef SOFTD3D_D3D11_LIMITS_H
#define SOFTD3D_D3D11_LIMITS_H

#include <stdbool.h>

#include "d3d11.h"

struct d3d11_level_limits {
    D3D_FEATURE_LEVEL level;
    UINT max_texture_dimension;   /* seed 004 CreateTexture2D: 2048, 2048, 4096 */
    UINT max_cube_dimension;      /* "Direct3D feature levels" overview: 512, 512, 4096 */
    UINT max_texture3d_dimension; /* seed 004 CreateTexture3D: 256, 512, 512 */
    UINT max_anisotropy;          /* seed 004 CreateSamplerState: 2, 16, 16 */
    UINT max_primitive_count;     /* seed 000 MaxPrimitiveCount: 65535, 1048575, 1048575 */
    UINT max_vertex_index;        /* seed 000 MaxVertexIndex: 65534, 1048575, 1048575 */
    UINT render_targets;          /* seed 000 NumSimultaneousRTs: 1, 1, 4 */
    UINT max_texture_repeat;      /* seed 000 MaxTextureRepeat: 128, 2048, 8192 */
    UINT input_slots;             /* IASetVertexBuffers slots: 16 below 11_0, 32 at 11_0 */
    UINT max_texture1d_dimension; /* 0 at 9_x (no Texture1D, seed 004); D3D10_REQ_TEXTURE1D_U_DIMENSION */
    UINT max_array_size;          /* 1 at 9_x (6 for a cube, seed 004); D3D10_REQ_TEXTURE1D/2D_ARRAY_AXIS_DIMENSION */
    bool cube_arrays;             /* TextureCube arrays: 10_1 ("Direct3D feature levels": "Cubemap resource arrays") */
    UINT uav_slots;               /* unordered-access slots of CS and of the output merger: 0 below
                                   * 11_0, 8 at 11_0 (D3D11_PS_CS_UAV_REGISTER_COUNT), 64 at 11_1
                                   * (D3D11_1_UAV_SLOT_COUNT, "Direct3D feature levels":
                                   * "Max UAV slots", every stage at 11_1) */
};

/* The limits of a level softd3d creates (9_1..11_0); NULL for any other level (11_1 of the
 * partial 11_1-tiled profile has its own rules, tiled.c). */
const struct d3d11_level_limits *d3d11_level_limits(D3D_FEATURE_LEVEL level);

#endif
