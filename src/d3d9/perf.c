/* src/d3d9/perf.c — the other functions d3d9.h declares: Direct3DCreate9Ex and the D3DPERF_*
 * profiler markers, so programs that call them link and behave as on a system without them.
 *
 * Direct3DCreate9Ex: D3D9Ex (IDirect3D9Ex / IDirect3DDevice9Ex) is not implemented.  The
 * documented answer of a system without D3D9Ex is D3DERR_NOTAVAILABLE, which applications
 * already handle by falling back to Direct3DCreate9.
 * D3DPERF_*: there is no profiler attached.  BeginEvent returns the zero-based nesting level of
 * the event it opens and EndEvent the level of the one it closes, or -1 when none is open (the
 * nesting is counted per thread); GetStatus 0 (not running under a profiler); QueryRepeatFrame
 * FALSE; SetMarker, SetRegion and SetOptions do nothing. */
#include "d3d9/d3d9_private.h"

#include "util/export.h"
#include "util/log.h"

static _Thread_local int perf_depth;

SOFTD3D_EXPORT HRESULT WINAPI Direct3DCreate9Ex(UINT SDKVersion, IDirect3D9Ex **ppD3D)
{
    (void)SDKVersion;
    if (ppD3D)
        *ppD3D = NULL;
    util_msg(false, "Direct3DCreate9Ex: Direct3D 9Ex is not implemented; use Direct3DCreate9");
    return D3DERR_NOTAVAILABLE;
}

SOFTD3D_EXPORT int WINAPI D3DPERF_BeginEvent(D3DCOLOR col, LPCWSTR wszName)
{
    (void)col;
    (void)wszName;
    return perf_depth++;
}

SOFTD3D_EXPORT int WINAPI D3DPERF_EndEvent(void)
{
    return perf_depth > 0 ? --perf_depth : -1;
}

SOFTD3D_EXPORT void WINAPI D3DPERF_SetMarker(D3DCOLOR col, LPCWSTR wszName)
{
    (void)col;
    (void)wszName;
}

SOFTD3D_EXPORT void WINAPI D3DPERF_SetRegion(D3DCOLOR col, LPCWSTR wszName)
{
    (void)col;
    (void)wszName;
}

SOFTD3D_EXPORT BOOL WINAPI D3DPERF_QueryRepeatFrame(void)
{
    return FALSE;
}

SOFTD3D_EXPORT void WINAPI D3DPERF_SetOptions(DWORD dwOptions)
{
    (void)dwOptions;
}

SOFTD3D_EXPORT DWORD WINAPI D3DPERF_GetStatus(void)
{
    return 0;
}
