/* The C half of test_cxx_comptr.cpp: takes the pointers the C++ side holds and calls through the
 * C vtables (COBJMACROS), to show that one object serves both languages. */
#define COBJMACROS
#include <d3d11.h>

UINT cxx_c_side_feature_level(void *device);
ULONG cxx_c_side_refcount(void *unknown);

UINT cxx_c_side_feature_level(void *device)
{
    return (UINT)ID3D11Device_GetFeatureLevel((ID3D11Device *)device);
}

/* The current count, read as AddRef + Release return it. */
ULONG cxx_c_side_refcount(void *unknown)
{
    IUnknown *u = unknown;
    IUnknown_AddRef(u);
    return IUnknown_Release(u);
}
