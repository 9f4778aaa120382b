/* Microsoft::WRL::ComPtr (include/wrl/client.h), __uuidof, IID_PPV_ARGS and the C++ IUnknown:
 * reference counts through every member on a counting COM object written in C++ (which also
 * shows a C++ class can implement our interfaces), then the same idioms on a real device. */
#include "harness.h"

#include <d3d11_2.h>
#include <d3d9.h>
#include <wrl/client.h>
#include <utility>

using Microsoft::WRL::ComPtr;

namespace {

/* IUnknown only; QueryInterface answers IUnknown and ID3D11DeviceChild's IID is refused. */
struct Counted final : public IUnknown {
    ULONG refs = 1;
    bool *destroyed;
    explicit Counted(bool *d) : destroyed(d) { *d = false; }
    HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void **ppv) override
    {
        if (riid == IID_IUnknown) {
            AddRef();
            *ppv = this;
            return S_OK;
        }
        *ppv = nullptr;
        return E_NOINTERFACE;
    }
    ULONG STDMETHODCALLTYPE AddRef() override { return ++refs; }
    ULONG STDMETHODCALLTYPE Release() override
    {
        ULONG r = --refs;
        if (!r) {
            *destroyed = true;
            delete this;
        }
        return r;
    }
};

/* A function that writes an interface pointer it AddRef'd, as API out-parameters do. */
HRESULT make(Counted *from, IUnknown **out)
{
    from->AddRef();
    *out = from;
    return S_OK;
}

} /* namespace */

TEST(cxx_comptr_lifetime)
{
    bool gone;
    Counted *obj = new Counted(&gone);
    {
        ComPtr<IUnknown> a;
        CHECK(!a && a == nullptr && nullptr == a && a.Get() == nullptr);
        a = obj;                           /* AddRef */
        CHECK_EQ(obj->refs, 2);
        CHECK(a && a != nullptr && a.Get() == obj);
        ComPtr<IUnknown> b(a);             /* copy: AddRef */
        CHECK_EQ(obj->refs, 3);
        ComPtr<IUnknown> c(std::move(b));  /* move: no count change, source empty */
        CHECK_EQ(obj->refs, 3);
        CHECK(!b && c == a && !(c != a));
        b = c;                             /* copy assignment */
        CHECK_EQ(obj->refs, 4);
        ComPtr<IUnknown> &same = b;
        b = same;                          /* self-assignment changes nothing */
        CHECK_EQ(obj->refs, 4);
        c = nullptr;                       /* Release */
        CHECK_EQ(obj->refs, 3);
        CHECK_EQ(b.Reset(), 2);            /* Reset returns what Release returned */
        CHECK(!b);
        CHECK_EQ(b.Reset(), 0);            /* nothing held */
        a.Swap(b);
        CHECK(!a && b.Get() == obj);
    }
    CHECK_EQ(obj->refs, 1);
    CHECK(!gone);
    obj->Release();
    CHECK(gone);
}

TEST(cxx_comptr_addresses_attach_detach)
{
    bool gone;
    Counted *obj = new Counted(&gone);
    ComPtr<IUnknown> p;
    CHECK_HR(make(obj, &p), S_OK);         /* operator& converts to IUnknown ** */
    CHECK_EQ(obj->refs, 2);
    CHECK(p.Get() == obj);
    IUnknown *const *cp = p.GetAddressOf();   /* GetAddressOf keeps what is held */
    CHECK(*cp == obj);
    CHECK_EQ(obj->refs, 2);
    CHECK_HR(make(obj, &p), S_OK);         /* operator& releases the old one first: no leak */
    CHECK_EQ(obj->refs, 2);
    IUnknown **pp = p.ReleaseAndGetAddressOf();
    CHECK_EQ(obj->refs, 1);
    CHECK(*pp == nullptr && pp == p.GetAddressOf());
    p.Attach(obj);                         /* takes over the reference: no AddRef */
    CHECK_EQ(obj->refs, 1);
    IUnknown *raw = p.Detach();            /* gives it back: no Release */
    CHECK(raw == obj && !p);
    CHECK_EQ(obj->refs, 1);
    {
        ComPtr<IUnknown> q;
        q.Attach(raw);
        IUnknown *copy = nullptr;
        CHECK_HR(q.CopyTo(&copy), S_OK);   /* CopyTo AddRefs */
        CHECK(copy == obj);
        CHECK_EQ(obj->refs, 2);
        copy->Release();
    }
    CHECK(gone);                           /* q released the last reference */

    /* Attaching the object already held: the caller hands over a reference of its own, so
     * the one held is released (as WRL does) and the count stays right. */
    Counted *again = new Counted(&gone);
    {
        ComPtr<IUnknown> s;
        s.Attach(again);
        again->AddRef();
        s.Attach(again);
        CHECK_EQ(again->refs, 1);
    }
    CHECK(gone);
}

TEST(cxx_comptr_queries)
{
    bool gone;
    Counted *obj = new Counted(&gone);
    ComPtr<IUnknown> p;
    p.Attach(obj);
    ComPtr<IUnknown> q;
    CHECK_HR(p.As(&q), S_OK);              /* As: QueryInterface(__uuidof(IUnknown)) */
    CHECK(q == p);
    CHECK_EQ(obj->refs, 2);
    ComPtr<ID3D11DeviceChild> child;
    CHECK_HR(p.As(&child), E_NOINTERFACE);
    CHECK(!child);
    CHECK_HR(p->QueryInterface(IID_PPV_ARGS(&child)), E_NOINTERFACE);   /* ComPtr form */
    IUnknown *raw = nullptr;
    CHECK_HR(p->QueryInterface(IID_PPV_ARGS(&raw)), S_OK);               /* raw pointer form */
    CHECK(raw == obj);
    CHECK_EQ(obj->refs, 3);
    raw->Release();
    raw = nullptr;
    CHECK_HR(p->QueryInterface(&raw), S_OK);   /* IUnknown's template QueryInterface(Q **) */
    CHECK(raw == obj);
    raw->Release();
    ComPtr<IUnknown> r;
    CHECK_HR(p.AsIID(IID_IUnknown, &r), S_OK);
    CHECK(r == p);
    CHECK(!(p < q) && !(q < p));
    q.Reset();
    r.Reset();
    CHECK_EQ(obj->refs, 1);
}

TEST(cxx_uuidof_forms)
{
    /* A type, a pointer, a reference, an array, cv-qualified: all name the interface. */
    ID3D11Device *dev = nullptr;
    ID3D11Device *const cdev = nullptr;
    ID3D11Device *devs[2] = { nullptr, nullptr };
    CHECK(__uuidof(ID3D11Device) == IID_ID3D11Device);
    CHECK(__uuidof(dev) == IID_ID3D11Device);
    CHECK(__uuidof(*dev) == IID_ID3D11Device);
    CHECK(__uuidof(cdev) == IID_ID3D11Device);
    CHECK(__uuidof(devs) == IID_ID3D11Device);
    CHECK(__uuidof(const ID3D11Device) == IID_ID3D11Device);
    CHECK(__uuidof(ID3D11Device2) != __uuidof(ID3D11Device));
    CHECK(IsEqualIID(__uuidof(IDXGIDevice), IID_IDXGIDevice));
    CHECK(!IsEqualGUID(IID_IDXGIDevice, IID_IUnknown));
    /* Type checks: REFIID is a reference in C++, __uuidof yields const GUID &. */
    static_assert(std::is_same<REFIID, const IID &>::value, "REFIID is const IID & in C++");
    static_assert(std::is_same<decltype(__uuidof(ID3D11Device)), const GUID &>::value, "__uuidof");
    static_assert(sizeof(WCHAR) == 2 && std::is_same<WCHAR, char16_t>::value, "WCHAR is char16_t");
    const WCHAR *name = u"softd3d";
    CHECK_EQ(name[0], 's');
}

/* ---- the same idioms on a real device ---- */
extern "C" UINT cxx_c_side_feature_level(void *device);
extern "C" ULONG cxx_c_side_refcount(void *unknown);

TEST(cxx_comptr_device)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
    ComPtr<ID3D11Device> device;
    ComPtr<ID3D11DeviceContext> context;
    D3D_FEATURE_LEVEL got = D3D_FEATURE_LEVEL_9_1;
    CHECK_HR(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1,
                               D3D11_SDK_VERSION, &device, &got, &context), S_OK);
    if (!device)
        return;
    CHECK_EQ(got, D3D_FEATURE_LEVEL_9_3);
    CHECK_EQ(device->GetFeatureLevel(), D3D_FEATURE_LEVEL_9_3);
    /* The C++ pointer is the C object: C code given it calls the same implementation. */
    CHECK_EQ(cxx_c_side_feature_level(device.Get()), D3D_FEATURE_LEVEL_9_3);
    ULONG before = cxx_c_side_refcount(device.Get());

    ComPtr<ID3D11Device1> device1;
    CHECK_HR(device.As(&device1), S_OK);
    ComPtr<IDXGIDevice> dxgi;
    CHECK_HR(device->QueryInterface(IID_PPV_ARGS(&dxgi)), S_OK);
    ComPtr<IDXGIAdapter> adapter;
    CHECK_HR(dxgi->GetAdapter(&adapter), S_OK);
    ComPtr<IUnknown> a, b;
    CHECK_HR(device1.As(&a), S_OK);
    CHECK_HR(dxgi.As(&b), S_OK);
    CHECK(a == b);                       /* COM identity: one IUnknown */
    CHECK(cxx_c_side_refcount(device.Get()) > before);
    a.Reset();
    b.Reset();
    dxgi.Reset();
    device1.Reset();
    CHECK_EQ(cxx_c_side_refcount(device.Get()), before);

    ComPtr<ID3D11DeviceContext> ctx2;
    device->GetImmediateContext(&ctx2);
    CHECK(ctx2 == context);
}

/* Every entry point is EXTERN_C: these link against the C library from C++ (a missing
 * extern "C" would be a mangled undefined symbol, a link error of this test). */
TEST(cxx_entry_points)
{
    ComPtr<IDXGIFactory> factory;
    CHECK_HR(CreateDXGIFactory(IID_PPV_ARGS(&factory)), S_OK);
    ComPtr<IDXGIFactory1> factory1;
    CHECK_HR(CreateDXGIFactory1(IID_PPV_ARGS(&factory1)), S_OK);
    if (factory) {
        ComPtr<IDXGIAdapter> adapter;
        CHECK_HR(factory->EnumAdapters(0, &adapter), S_OK);
        CHECK(adapter);
    }
    ComPtr<IDirect3D9> d3d9;
    d3d9.Attach(Direct3DCreate9(D3D_SDK_VERSION));
    CHECK(d3d9);
    if (d3d9)
        CHECK_EQ(d3d9->GetAdapterCount(), 1);
    ComPtr<IDirect3D9Ex> d3d9ex;
    HRESULT hr = Direct3DCreate9Ex(D3D_SDK_VERSION, &d3d9ex);
    CHECK(SUCCEEDED(hr) == (d3d9ex != nullptr));   /* linked; 9Ex may not be implemented yet */
    D3DPERF_SetMarker(0, u"marker");
    CHECK_EQ(D3DPERF_GetStatus(), 0);
}
