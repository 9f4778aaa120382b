/* src/d3d11/resource.c — ID3D11Device: CreateBuffer, CreateTexture1D/2D/3D, OpenSharedResource(1/ByName), and the views: CreateShaderResourceView, CreateRenderTargetView, CreateDepthStencilView, CreateUnorderedAccessView.
 * (Placeholder: the methods are still comgen's E_NOTIMPL stubs.) */
#include "d3d11/d3d11_private.h"

void d3d11_resource_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    (void)v;
}
