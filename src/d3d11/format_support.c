/* src/d3d11/format_support.c — ID3D11Device: CheckFormatSupport, CheckFeatureSupport(FORMAT_SUPPORT/2), CheckMultisampleQualityLevels(1).
 * (Placeholder: the methods are still comgen's E_NOTIMPL stubs.) */
#include "d3d11/d3d11_private.h"

void d3d11_format_support_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    (void)v;
}
