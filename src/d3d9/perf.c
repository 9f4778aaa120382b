/* src/d3d9/perf.c — the D3DPERF_* profiler markers d3d9.h declares, so programs that call them
 * link and behave as on a system without a profiler (Direct3DCreate9Ex is in d3d9ex.c).
 * D3DPERF_*: there is no profiler attached.  BeginEvent returns the zero-based nesting level of
 * the event it opens and EndEvent the level of the one it closes, or -1 when none is open (the
 * nesting is counted per thread); GetStatus 0 (not running under a profiler); QueryRepeatFrame
 * FALSE; SetMarker, SetRegion and SetOptions do nothing. */
#include "d3d9/d3d9_private.h"

#include "util/export.h"
#include "util/log.h"

static _Thread_local int perf_depth;

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
