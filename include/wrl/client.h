/* wrl/client.h — Microsoft::WRL::ComPtr, the smart pointer modern Direct3D C++ code holds every
 * COM object in, for softd3d (C++11 or later).
 *
 * Read me first:
 *  - Written from the documented behaviour of WRL's ComPtr (learn.microsoft.com, "ComPtr
 *    class"): it owns one reference; copying AddRefs, moving transfers, the destructor and
 *    Reset() Release.  The members and their meanings are the documented ones.
 *  - `&p` (operator&) RELEASES what p holds and yields its address, as WRL's does, so
 *    `device->CreateBuffer(&desc, nullptr, &buffer)` never leaks; use GetAddressOf() to get
 *    the address without releasing (e.g. to pass an array of one to a Set* call).
 *  - `IID_PPV_ARGS(&p)` works with a ComPtr (the IID of T and p's address as void **).
 *  - Not provided: WRL's hiding of AddRef/Release behind operator-> (RemoveIUnknown), AsWeak,
 *    and the WinRT parts of wrl.h (RuntimeClass, Make, events).  operator-> returns T *.
 */
#ifndef SOFTD3D_WRL_CLIENT_H
#define SOFTD3D_WRL_CLIENT_H

#ifndef __cplusplus
#error "wrl/client.h is C++ only"
#endif

#include <cstddef>
#include <type_traits>
#include "unknwn.h"

namespace Microsoft {
namespace WRL {

template <typename T> class ComPtr;

namespace Details {

/* What `&comptr` returns: converts to T ** / void ** (releasing what the ComPtr held first, so
 * an out-parameter can be written into it) or to ComPtr<T> * (for functions that take one). */
template <typename P> class ComPtrRef {
public:
    typedef typename P::InterfaceType InterfaceType;

    explicit ComPtrRef(P *p) noexcept : ptr_(p) {}

    operator void **() const noexcept
    {
        return reinterpret_cast<void **>(ptr_->ReleaseAndGetAddressOf());
    }
    operator InterfaceType **() noexcept { return ptr_->ReleaseAndGetAddressOf(); }
    operator P *() noexcept
    {
        *ptr_ = nullptr;
        return ptr_;
    }
    /* *(&p) is the interface pointer, so IID_PPV_ARGS's __uuidof(**(&p)) names T. */
    InterfaceType *operator*() noexcept { return ptr_->Get(); }
    InterfaceType *const *GetAddressOf() const noexcept { return ptr_->GetAddressOf(); }
    InterfaceType **ReleaseAndGetAddressOf() noexcept { return ptr_->ReleaseAndGetAddressOf(); }

private:
    P *ptr_;
};

} /* namespace Details */

template <typename T> class ComPtr {
public:
    typedef T InterfaceType;

    /* ---- construction, assignment, destruction ---- */
    ComPtr() noexcept : ptr_(nullptr) {}
    ComPtr(std::nullptr_t) noexcept : ptr_(nullptr) {}
    template <class U> ComPtr(U *other) noexcept : ptr_(other) { InternalAddRef(); }
    ComPtr(const ComPtr &other) noexcept : ptr_(other.ptr_) { InternalAddRef(); }
    template <class U, class = typename std::enable_if<std::is_convertible<U *, T *>::value>::type>
    ComPtr(const ComPtr<U> &other) noexcept : ptr_(other.Get())
    {
        InternalAddRef();
    }
    ComPtr(ComPtr &&other) noexcept : ptr_(other.ptr_) { other.ptr_ = nullptr; }
    template <class U, class = typename std::enable_if<std::is_convertible<U *, T *>::value>::type>
    ComPtr(ComPtr<U> &&other) noexcept : ptr_(other.Detach())
    {
    }
    ~ComPtr() noexcept { InternalRelease(); }

    ComPtr &operator=(std::nullptr_t) noexcept
    {
        InternalRelease();
        return *this;
    }
    ComPtr &operator=(T *other) noexcept
    {
        if (ptr_ != other)
            ComPtr(other).Swap(*this);
        return *this;
    }
    template <class U> ComPtr &operator=(U *other) noexcept
    {
        ComPtr(other).Swap(*this);
        return *this;
    }
    ComPtr &operator=(const ComPtr &other) noexcept
    {
        if (ptr_ != other.ptr_)
            ComPtr(other).Swap(*this);
        return *this;
    }
    template <class U> ComPtr &operator=(const ComPtr<U> &other) noexcept
    {
        ComPtr(other).Swap(*this);
        return *this;
    }
    ComPtr &operator=(ComPtr &&other) noexcept
    {
        ComPtr(static_cast<ComPtr &&>(other)).Swap(*this);
        return *this;
    }
    template <class U> ComPtr &operator=(ComPtr<U> &&other) noexcept
    {
        ComPtr(static_cast<ComPtr<U> &&>(other)).Swap(*this);
        return *this;
    }

    void Swap(ComPtr &other) noexcept
    {
        T *t = ptr_;
        ptr_ = other.ptr_;
        other.ptr_ = t;
    }
    void Swap(ComPtr &&other) noexcept { Swap(other); }

    /* ---- access ---- */
    explicit operator bool() const noexcept { return ptr_ != nullptr; }
    T *Get() const noexcept { return ptr_; }
    T *operator->() const noexcept { return ptr_; }
    Details::ComPtrRef<ComPtr<T>> operator&() noexcept { return Details::ComPtrRef<ComPtr<T>>(this); }
    const Details::ComPtrRef<const ComPtr<T>> operator&() const noexcept
    {
        return Details::ComPtrRef<const ComPtr<T>>(this);
    }
    T *const *GetAddressOf() const noexcept { return &ptr_; }
    T **GetAddressOf() noexcept { return &ptr_; }
    T **ReleaseAndGetAddressOf() noexcept
    {
        InternalRelease();
        return &ptr_;
    }

    /* ---- ownership ---- */
    /* Returns the pointer and gives up its reference without releasing it. */
    T *Detach() noexcept
    {
        T *p = ptr_;
        ptr_ = nullptr;
        return p;
    }
    /* Takes over `other`'s reference (no AddRef), releasing what was held -- also when it is
     * the same object, since the caller hands over a reference of its own. */
    void Attach(T *other) noexcept
    {
        if (ptr_ != nullptr)
            ptr_->Release();
        ptr_ = other;
    }
    /* Releases what is held; returns the count Release returned (0 when nothing was held). */
    unsigned long Reset() noexcept { return InternalRelease(); }
    unsigned long Reset(std::nullptr_t) noexcept { return InternalRelease(); }

    /* ---- copies out and interface queries ---- */
    HRESULT CopyTo(T **out) const noexcept
    {
        InternalAddRef();
        *out = ptr_;
        return S_OK;
    }
    HRESULT CopyTo(REFIID riid, void **out) const noexcept { return ptr_->QueryInterface(riid, out); }
    template <typename U> HRESULT CopyTo(U **out) const noexcept
    {
        return ptr_->QueryInterface(__uuidof(U), reinterpret_cast<void **>(out));
    }
    template <typename U> HRESULT As(Details::ComPtrRef<ComPtr<U>> p) const noexcept
    {
        return ptr_->QueryInterface(__uuidof(U), p);
    }
    template <typename U> HRESULT As(ComPtr<U> *p) const noexcept
    {
        return ptr_->QueryInterface(__uuidof(U), reinterpret_cast<void **>(p->ReleaseAndGetAddressOf()));
    }
    HRESULT AsIID(REFIID riid, ComPtr<IUnknown> *p) const noexcept
    {
        return ptr_->QueryInterface(riid, reinterpret_cast<void **>(p->ReleaseAndGetAddressOf()));
    }

protected:
    T *ptr_;

    void InternalAddRef() const noexcept
    {
        if (ptr_ != nullptr)
            ptr_->AddRef();
    }
    unsigned long InternalRelease() noexcept
    {
        unsigned long ref = 0;
        T *t = ptr_;
        if (t != nullptr) {
            ptr_ = nullptr;   /* cleared first: Release may reach this ComPtr again */
            ref = t->Release();
        }
        return ref;
    }

    template <class U> friend class ComPtr;
};

/* ---- comparisons: by the pointer held (COM identity is QueryInterface(IUnknown)'s) ---- */
template <class T, class U> bool operator==(const ComPtr<T> &a, const ComPtr<U> &b) noexcept
{
    return a.Get() == b.Get();
}
template <class T, class U> bool operator!=(const ComPtr<T> &a, const ComPtr<U> &b) noexcept
{
    return !(a == b);
}
template <class T> bool operator==(const ComPtr<T> &a, std::nullptr_t) noexcept { return a.Get() == nullptr; }
template <class T> bool operator==(std::nullptr_t, const ComPtr<T> &a) noexcept { return a.Get() == nullptr; }
template <class T> bool operator!=(const ComPtr<T> &a, std::nullptr_t) noexcept { return a.Get() != nullptr; }
template <class T> bool operator!=(std::nullptr_t, const ComPtr<T> &a) noexcept { return a.Get() != nullptr; }
template <class T, class U> bool operator<(const ComPtr<T> &a, const ComPtr<U> &b) noexcept
{
    return a.Get() < b.Get();
}
/* Comparing the ComPtrRef of &a and &b compares the ComPtrs' addresses' targets, as WRL does. */
template <class T, class U>
bool operator==(const Details::ComPtrRef<ComPtr<T>> &a, const Details::ComPtrRef<ComPtr<U>> &b) noexcept
{
    return *a.GetAddressOf() == *b.GetAddressOf();
}
template <class T, class U>
bool operator!=(const Details::ComPtrRef<ComPtr<T>> &a, const Details::ComPtrRef<ComPtr<U>> &b) noexcept
{
    return !(a == b);
}

} /* namespace WRL */
} /* namespace Microsoft */

/* IID_PPV_ARGS(&comptr): the ComPtrRef form (template argument deduction does not see its
 * conversion to T **). */
template <typename T> void **IID_PPV_ARGS_Helper(Microsoft::WRL::Details::ComPtrRef<T> pp)
{
    return pp;
}

#endif /* SOFTD3D_WRL_CLIENT_H */
