/* src/d3d11/shader.c — ID3D11Device: CreateVertexShader, CreatePixelShader, CreateGeometryShader(WithStreamOutput), CreateHullShader, CreateDomainShader, CreateComputeShader, CreateClassLinkage, CreateInputLayout.
 * (Placeholder: the methods are still comgen's E_NOTIMPL stubs.) */
#include "d3d11/d3d11_private.h"

void d3d11_shader_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    (void)v;
}
