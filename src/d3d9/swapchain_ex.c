/* src/d3d9/swapchain_ex.c — IDirect3DSwapChain9Ex: the swap chains of a Direct3D 9Ex device
 * (the implicit one and additional ones).
 *
 * The object is swapchain.c's (struct d3d9_swapchain) with the IDirect3DSwapChain9Ex vtable: its
 * first 10 slots are IDirect3DSwapChain9's functions; QueryInterface also answers
 * IID_IDirect3DSwapChain9Ex.  A chain of a D3D9 device keeps the IDirect3DSwapChain9 vtable and
 * does not answer it.
 *  - GetLastPresentCount(pLastPresentCount): the number of Present calls that succeeded on this
 *    chain (0 before the first; the implicit chain's count goes on across Reset, as its PNG dump
 *    names do).
 *  - GetPresentStats(pStats): PresentCount as GetLastPresentCount; the virtual display
 *    (swapchain.c's 60 Hz model on CLOCK_MONOTONIC) gives the refresh counts: PresentRefreshCount
 *    the refresh during which the last Present completed (Present shows the frame at once,
 *    headless), SyncRefreshCount the refresh now, SyncQPCTime the time now in 100 ns units (the
 *    QueryPerformanceCounter frequency of 10 MHz that Windows reports on current systems),
 *    SyncGPUTime 0 (no GPU clock).  NULL: D3DERR_INVALIDCALL.
 *  - GetDisplayModeEx(pMode, pRotation): GetDisplayMode's mode as a D3DDISPLAYMODEEX (pMode->Size
 *    must be sizeof(D3DDISPLAYMODEEX)), progressive, and D3DDISPLAYROTATION_IDENTITY; pMode may
 *    not be NULL, pRotation may.
 */
#include "d3d9/d3d9_resource.h"

#include <pthread.h>
#include <string.h>

#include "softd3d_com_stubs.h"
#include "util/log.h"

#define D3D9EX_QPC_NS 100u   /* one QueryPerformanceCounter tick at 10 MHz */

static IDirect3DSwapChain9Vtbl base;   /* swapchain.c's vtable, filled */
static IDirect3DSwapChain9ExVtbl ex_vtbl;

static inline IDirect3DSwapChain9 *as_base(IDirect3DSwapChain9Ex *iface)
{
    return (IDirect3DSwapChain9 *)iface;   /* IDirect3DSwapChain9Ex derives from it */
}

static inline struct d3d9_swapchain *impl(IDirect3DSwapChain9Ex *iface)
{
    return container_of(as_base(iface), struct d3d9_swapchain, iface);
}

static HRESULT STDMETHODCALLTYPE ex_QueryInterface(IDirect3DSwapChain9Ex *iface, REFIID riid,
                                                   void **out)
{
    if (out && riid && IsEqualGUID(riid, &IID_IDirect3DSwapChain9Ex)) {
        d3d9_life_addref(&impl(iface)->life);
        *out = iface;
        return S_OK;
    }
    return base.QueryInterface(as_base(iface), riid, out);
}

static HRESULT STDMETHODCALLTYPE ex_GetLastPresentCount(IDirect3DSwapChain9Ex *iface, UINT *out)
{
    struct d3d9_swapchain *sc = impl(iface);
    if (!out) {
        util_msg(false, "GetLastPresentCount: pLastPresentCount is NULL");
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(sc->life.device);
    *out = (UINT)sc->frames;
    d3d9_device_unlock(sc->life.device);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE ex_GetPresentStats(IDirect3DSwapChain9Ex *iface,
                                                    D3DPRESENTSTATS *stats)
{
    struct d3d9_swapchain *sc = impl(iface);
    D3DDISPLAYMODE mode;
    uint64_t frame_ns, now;
    if (!stats) {
        util_msg(false, "GetPresentStats: pPresentationStatistics is NULL");
        return D3DERR_INVALIDCALL;
    }
    memset(stats, 0, sizeof(*stats));
    d3d9_device_lock(sc->life.device);
    d3d9_swapchain_display_mode(sc, &mode);
    frame_ns = d3d9_display_frame_ns(&mode);
    now = d3d9_display_now_ns();
    stats->PresentCount = (UINT)sc->frames;
    stats->PresentRefreshCount = sc->frames ? (UINT)(sc->present_ns / frame_ns) : 0;
    d3d9_device_unlock(sc->life.device);
    stats->SyncRefreshCount = (UINT)(now / frame_ns);
    stats->SyncQPCTime.QuadPart = (LONGLONG)(now / D3D9EX_QPC_NS);
    stats->SyncGPUTime.QuadPart = 0;
    return D3D_OK;
}

HRESULT d3d9_swapchain_display_mode_ex(struct d3d9_swapchain *sc, const char *method,
                                       D3DDISPLAYMODEEX *mode, D3DDISPLAYROTATION *rotation)
{
    D3DDISPLAYMODE m;
    if (!mode) {
        util_msg(false, "%s: pMode is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    if (mode->Size != sizeof(*mode)) {
        util_msg(false, "%s: pMode->Size is %u, not sizeof(D3DDISPLAYMODEEX) (%u)", method,
                 mode->Size, (unsigned)sizeof(*mode));
        return D3DERR_INVALIDCALL;
    }
    d3d9_swapchain_display_mode(sc, &m);
    mode->Width = m.Width;
    mode->Height = m.Height;
    mode->RefreshRate = m.RefreshRate;
    mode->Format = m.Format;
    mode->ScanLineOrdering = D3DSCANLINEORDERING_PROGRESSIVE;
    if (rotation)
        *rotation = D3DDISPLAYROTATION_IDENTITY;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE ex_GetDisplayModeEx(IDirect3DSwapChain9Ex *iface,
                                                     D3DDISPLAYMODEEX *mode,
                                                     D3DDISPLAYROTATION *rotation)
{
    return d3d9_swapchain_display_mode_ex(impl(iface), "IDirect3DSwapChain9Ex::GetDisplayModeEx",
                                          mode, rotation);
}

_Static_assert(offsetof(IDirect3DSwapChain9ExVtbl, GetLastPresentCount) ==
                   sizeof(IDirect3DSwapChain9Vtbl),
               "IDirect3DSwapChain9Ex's own methods follow IDirect3DSwapChain9's");

static pthread_once_t vtbl_once = PTHREAD_ONCE_INIT;

static void vtbl_fill(void)
{
    d3d9_swapchain_copy_vtbl(&base);
    memcpy(&ex_vtbl, &base, sizeof(base));
    ex_vtbl.QueryInterface = ex_QueryInterface;
    ex_vtbl.GetLastPresentCount = ex_GetLastPresentCount;
    ex_vtbl.GetPresentStats = ex_GetPresentStats;
    ex_vtbl.GetDisplayModeEx = ex_GetDisplayModeEx;
    comgen_fill_IDirect3DSwapChain9Ex(&ex_vtbl);
}

IDirect3DSwapChain9Vtbl *d3d9_swapchain_ex_vtbl(void)
{
    pthread_once(&vtbl_once, vtbl_fill);
    return (IDirect3DSwapChain9Vtbl *)(void *)&ex_vtbl;
}
