/* softd3d/windows_base.h — the few Windows base types the Direct3D headers need, for Linux.
 *
 * Read me first:
 *  - Windows is LLP64: LONG, ULONG and DWORD are 32-bit there, so they are 32-bit here too
 *    (int32_t/uint32_t), which keeps every Direct3D structure's layout identical to Windows x64.
 *  - WCHAR is 16-bit (UTF-16 code units), as on Windows; it is not wchar_t (32-bit on Linux).
 *    C: uint16_t, so C11's u"text" (char16_t, also uint16_t) is a WCHAR string; L"text" is one
 *    only when compiling with -fshort-wchar (which makes wchar_t 16-bit; the whole program must
 *    then agree on it).  C++: char16_t (same size and ABI), so u"text" is a WCHAR string there.
 *  - Calling conventions (STDMETHODCALLTYPE, WINAPI) are empty: the application and softd3d are
 *    both compiled for the Linux ABI, so they agree.
 *  - GUIDs: DEFINE_GUID declares an extern constant; with INITGUID defined before the include it
 *    defines it instead.  libsoftd3d defines every IID, so applications need no dxguid library.
 *  - REFIID/REFGUID are pointers in C (the C form of the Windows headers) and `const IID &` in
 *    C++, as the SDK has them; both are one pointer in the ABI, so C and C++ callers agree.
 *  - C++ gets, as the SDK gives it: GUID == and !=, IsEqualGUID on references, __uuidof(X) for
 *    every interface (a specialisation per interface, SOFTD3D_UUID_DECL, emitted by comgen next
 *    to the interface; GCC and Clang have no __uuidof of their own outside MSVC mode),
 *    IID_PPV_ARGS, and the STDMETHOD family for code that implements COM interfaces.
 * Values and layouts follow the public Windows documentation; names are the Windows SDK's so that
 * existing code compiles unchanged.
 */
#ifndef SOFTD3D_WINDOWS_BASE_H
#define SOFTD3D_WINDOWS_BASE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
#define EXTERN_C extern "C"
#else
#define EXTERN_C extern
#endif

/* ---- calling conventions and COM declaration helpers ---- */
#define WINAPI
#define APIENTRY
#define STDMETHODCALLTYPE
#define STDAPICALLTYPE
#define STDAPI EXTERN_C HRESULT STDAPICALLTYPE
#define BEGIN_INTERFACE
#define END_INTERFACE
#define CONST_VTBL const
#define CONST const
#ifndef interface
#define interface struct
#endif
#define DECLSPEC_UUID(x)
#define DECLSPEC_NOVTABLE

/* ---- integer and character types (LLP64) ---- */
typedef uint8_t BYTE;
typedef uint8_t UCHAR;
typedef char CHAR;
typedef int8_t INT8;
typedef uint8_t UINT8;
typedef int16_t SHORT;
typedef uint16_t USHORT;
typedef uint16_t WORD;
typedef int16_t INT16;
typedef uint16_t UINT16;
typedef int32_t INT;
typedef uint32_t UINT;
typedef int32_t INT32;
typedef uint32_t UINT32;
typedef int32_t LONG;
typedef uint32_t ULONG;
typedef uint32_t DWORD;
typedef int32_t BOOL;
typedef uint8_t BOOLEAN;
typedef int64_t INT64;
typedef uint64_t UINT64;
typedef int64_t LONGLONG;
typedef uint64_t ULONGLONG;
typedef uint64_t DWORD64;
typedef float FLOAT;
typedef double DOUBLE;
typedef intptr_t INT_PTR;
typedef uintptr_t UINT_PTR;
typedef intptr_t LONG_PTR;
typedef uintptr_t ULONG_PTR;
typedef uintptr_t DWORD_PTR;
typedef size_t SIZE_T;
typedef intptr_t SSIZE_T;
#ifdef __cplusplus
typedef char16_t WCHAR;     /* u"" literals; same size as the C uint16_t (see the top) */
#else
typedef uint16_t WCHAR;
#endif
typedef LONG HRESULT;
typedef void VOID;
typedef void *PVOID;
typedef void *LPVOID;
typedef const void *LPCVOID;
typedef CHAR *LPSTR;
typedef const CHAR *LPCSTR;
typedef WCHAR *LPWSTR;
typedef const WCHAR *LPCWSTR;
typedef DWORD *LPDWORD;
typedef BYTE *LPBYTE;

#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif

/* ---- handles: opaque pointers ---- */
typedef void *HANDLE;
typedef struct HWND__ *HWND;
typedef struct HMONITOR__ *HMONITOR;
typedef struct HDC__ *HDC;
typedef struct HINSTANCE__ *HINSTANCE;
typedef HINSTANCE HMODULE;
typedef struct HRGN__ *HRGN;

/* ---- small structures ---- */
typedef struct _GUID {
    uint32_t Data1;
    uint16_t Data2;
    uint16_t Data3;
    uint8_t Data4[8];
} GUID;
typedef GUID IID;
typedef GUID CLSID;
#ifdef __cplusplus
typedef const GUID &REFGUID;
typedef const IID &REFIID;
typedef const CLSID &REFCLSID;
#else
typedef const GUID *REFGUID;
typedef const IID *REFIID;
typedef const CLSID *REFCLSID;
#endif
typedef GUID *LPGUID;

typedef struct tagRECT { LONG left, top, right, bottom; } RECT, *PRECT, *LPRECT;
typedef const RECT *LPCRECT;
typedef struct tagPOINT { LONG x, y; } POINT, *PPOINT, *LPPOINT;
typedef struct tagSIZE { LONG cx, cy; } SIZE, *PSIZE, *LPSIZE;
typedef struct _LUID { DWORD LowPart; LONG HighPart; } LUID, *PLUID;

typedef union _LARGE_INTEGER {
    struct { DWORD LowPart; LONG HighPart; };    /* C11 anonymous member, as in the SDK */
    struct { DWORD LowPart; LONG HighPart; } u;
    LONGLONG QuadPart;
} LARGE_INTEGER;
typedef union _ULARGE_INTEGER {
    struct { DWORD LowPart; DWORD HighPart; };
    struct { DWORD LowPart; DWORD HighPart; } u;
    ULONGLONG QuadPart;
} ULARGE_INTEGER;

typedef struct tagPALETTEENTRY { BYTE peRed, peGreen, peBlue, peFlags; } PALETTEENTRY, *LPPALETTEENTRY;

typedef struct _RGNDATAHEADER {
    DWORD dwSize, iType, nCount, nRgnSize;
    RECT rcBound;
} RGNDATAHEADER;
typedef struct _RGNDATA {
    RGNDATAHEADER rdh;
    char Buffer[1];
} RGNDATA, *LPRGNDATA;

typedef struct _SECURITY_ATTRIBUTES {
    DWORD nLength;
    LPVOID lpSecurityDescriptor;
    BOOL bInheritHandle;
} SECURITY_ATTRIBUTES;

#define ZeroMemory(dst, len) memset((dst), 0, (len))
#define FillMemory(dst, len, fill) memset((dst), (fill), (len))
#define CopyMemory(dst, src, len) memcpy((dst), (src), (len))
#define MoveMemory(dst, src, len) memmove((dst), (src), (len))

#define MAKEFOURCC(a, b, c, d) \
    ((DWORD)(BYTE)(a) | ((DWORD)(BYTE)(b) << 8) | ((DWORD)(BYTE)(c) << 16) | ((DWORD)(BYTE)(d) << 24))

/* ---- GUIDs ---- */
#undef DEFINE_GUID
#ifdef INITGUID
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
    EXTERN_C const GUID name; \
    const GUID name = { l, w1, w2, { b1, b2, b3, b4, b5, b6, b7, b8 } }
#else
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) EXTERN_C const GUID name
#endif
#ifndef __cplusplus
#define IsEqualGUID(a, b) (!memcmp((a), (b), sizeof(GUID)))
#define IsEqualIID(a, b) IsEqualGUID(a, b)
#define IsEqualCLSID(a, b) IsEqualGUID(a, b)
#endif

/* ---- C++: GUID comparison, __uuidof, IID_PPV_ARGS, STDMETHOD ---- */
#ifdef __cplusplus
extern "C++" {
/* References in C++ (REFGUID), so IsEqualGUID(riid, IID_ID3D11Device) reads as in the SDK. */
inline int IsEqualGUID(REFGUID a, REFGUID b) { return !memcmp(&a, &b, sizeof(GUID)); }
inline int IsEqualIID(REFIID a, REFIID b) { return IsEqualGUID(a, b); }
inline int IsEqualCLSID(REFCLSID a, REFCLSID b) { return IsEqualGUID(a, b); }
inline bool operator==(REFGUID a, REFGUID b) { return IsEqualGUID(a, b) != 0; }
inline bool operator!=(REFGUID a, REFGUID b) { return !(a == b); }

/* __uuidof(X) takes a type or an expression of it, its pointer, reference or array (as MSVC's
 * does: __uuidof(**pp) in IID_PPV_ARGS), so the argument goes through __typeof__ and the
 * qualifiers and declarators are stripped down to the interface type.  An interface without
 * SOFTD3D_UUID_DECL has no `value`: a compile-time error, never a wrong IID. */
template <typename T> struct softd3d_uuid_of;
template <typename T> struct softd3d_uuid_strip { typedef T type; };
template <typename T> struct softd3d_uuid_strip<T *> : softd3d_uuid_strip<T> {};
template <typename T> struct softd3d_uuid_strip<T &> : softd3d_uuid_strip<T> {};
template <typename T> struct softd3d_uuid_strip<T[]> : softd3d_uuid_strip<T> {};
template <typename T, size_t N> struct softd3d_uuid_strip<T[N]> : softd3d_uuid_strip<T> {};
template <typename T> struct softd3d_uuid_strip<const T> : softd3d_uuid_strip<T> {};
template <typename T> struct softd3d_uuid_strip<volatile T> : softd3d_uuid_strip<T> {};
template <typename T> struct softd3d_uuid_strip<const volatile T> : softd3d_uuid_strip<T> {};
}
/* The IID is a constant in the header, not a reference to the library's IID_ symbol, so
 * __uuidof needs nothing at link time (the SDK's needs dxguid.lib for that). */
#define SOFTD3D_UUID_DECL(type, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
    extern "C++" { \
    template <> struct softd3d_uuid_of<type> { \
        static const GUID &value() \
        { \
            static const GUID iid = { l, w1, w2, { b1, b2, b3, b4, b5, b6, b7, b8 } }; \
            return iid; \
        } \
    }; \
    }
#ifndef _MSC_VER
#define __uuidof(x) (softd3d_uuid_of<typename softd3d_uuid_strip<__typeof__(x)>::type>::value())
#endif

/* IID_PPV_ARGS(&p): the IID of p's type and p's address as void **, from one expression, so the
 * two cannot disagree.  The static_cast refuses (at compile time) a p that is not a COM
 * interface pointer. */
struct IUnknown;
extern "C++" template <typename T> void **IID_PPV_ARGS_Helper(T **pp)
{
    (void)static_cast<IUnknown *>(*pp);
    return reinterpret_cast<void **>(pp);
}
#define IID_PPV_ARGS(pp) __uuidof(**(pp)), IID_PPV_ARGS_Helper(pp)

/* Declaring and implementing COM methods in C++. */
#define MIDL_INTERFACE(x) struct
#define STDMETHOD(method) virtual HRESULT STDMETHODCALLTYPE method
#define STDMETHOD_(type, method) virtual type STDMETHODCALLTYPE method
#define STDMETHODIMP HRESULT STDMETHODCALLTYPE
#define STDMETHODIMP_(type) type STDMETHODCALLTYPE
#define PURE = 0
#define THIS_
#define THIS void
#endif /* __cplusplus */

/* ---- HRESULT ---- */
#define SUCCEEDED(hr) (((HRESULT)(hr)) >= 0)
#define FAILED(hr) (((HRESULT)(hr)) < 0)
#define MAKE_HRESULT(sev, fac, code) \
    ((HRESULT)(((uint32_t)(sev) << 31) | ((uint32_t)(fac) << 16) | ((uint32_t)(code))))
#define HRESULT_CODE(hr) ((hr) & 0xFFFF)
#define HRESULT_FACILITY(hr) (((hr) >> 16) & 0x1FFF)
#define FACILITY_WIN32 7
#define HRESULT_FROM_WIN32(x) \
    ((HRESULT)(x) <= 0 ? (HRESULT)(x) : (HRESULT)(((uint32_t)(x) & 0x0000FFFF) | (FACILITY_WIN32 << 16) | 0x80000000u))

#define S_OK ((HRESULT)0)
#define S_FALSE ((HRESULT)1)
#define E_NOTIMPL ((HRESULT)0x80004001u)
#define E_NOINTERFACE ((HRESULT)0x80004002u)
#define E_POINTER ((HRESULT)0x80004003u)
#define E_ABORT ((HRESULT)0x80004004u)
#define E_FAIL ((HRESULT)0x80004005u)
#define E_UNEXPECTED ((HRESULT)0x8000FFFFu)
#define E_ACCESSDENIED ((HRESULT)0x80070005u)
#define E_HANDLE ((HRESULT)0x80070006u)
#define E_OUTOFMEMORY ((HRESULT)0x8007000Eu)
#define E_INVALIDARG ((HRESULT)0x80070057u)
#define CLASS_E_NOAGGREGATION ((HRESULT)0x80040110u)

#define ERROR_SUCCESS 0L
#define ERROR_INVALID_PARAMETER 87L

/* Windows' flags for SetPrivateData-style sizes etc. are in the API headers. */

#endif /* SOFTD3D_WINDOWS_BASE_H */
