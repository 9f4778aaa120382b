/* src/d3d11/query.c — ID3D11Device: CreateQuery, CreatePredicate, CreateCounter, CheckCounter, CheckCounterInfo.
 * (Placeholder: the methods are still comgen's E_NOTIMPL stubs.) */
#include "d3d11/d3d11_private.h"

void d3d11_query_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    (void)v;
}
