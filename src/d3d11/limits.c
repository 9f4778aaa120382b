/* src/d3d11/limits.c — see limits.h.  Each number cites its row; the D3D_FL9_* constants of
 * d3dcommon.h agree where they exist. */
#include "d3d11/limits.h"

static const struct d3d11_level_limits limits[] = {
    { D3D_FEATURE_LEVEL_9_1, 2048, 512, 256, 2, 65535, 65534, 1, 128, 16 },
    { D3D_FEATURE_LEVEL_9_2, 2048, 512, 512, 16, 1048575, 1048575, 1, 2048, 16 },
    { D3D_FEATURE_LEVEL_9_3, 4096, 4096, 512, 16, 1048575, 1048575, 4, 8192, 16 },
};

const struct d3d11_level_limits *d3d11_level_limits(D3D_FEATURE_LEVEL level)
{
    for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++)
        if (limits[i].level == level)
            return &limits[i];
    return NULL;
}
