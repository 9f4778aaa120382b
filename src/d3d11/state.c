/* src/d3d11/state.c — ID3D11Device: CreateBlendState(1), CreateRasterizerState(1), CreateDepthStencilState, CreateSamplerState.
 * (Placeholder: the methods are still comgen's E_NOTIMPL stubs.) */
#include "d3d11/d3d11_private.h"

void d3d11_state_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    (void)v;
}
