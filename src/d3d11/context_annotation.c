/* src/d3d11/context_annotation.c — the ID3D11DeviceContext2 annotation methods:
 * IsAnnotationEnabled, SetMarkerInt, BeginEventInt, EndEvent (immediate and deferred contexts,
 * every level).
 *
 * They exist for capture and profiling tools ("allows applications to determine when either a
 * capture or profiling request is enabled", IsAnnotationEnabled): no such tool ever attaches to
 * softd3d, so IsAnnotationEnabled is FALSE and the markers and events are accepted and dropped
 * (the graphics commands they annotate run unchanged; nothing is recorded in command lists).
 */
#include "d3d11/d3d11_private.h"

static BOOL STDMETHODCALLTYPE ctx_IsAnnotationEnabled(ID3D11DeviceContext2 *iface)
{
    (void)iface;
    return FALSE;   /* no capture or profiling request can be enabled */
}

static void STDMETHODCALLTYPE ctx_SetMarkerInt(ID3D11DeviceContext2 *iface, LPCWSTR label,
                                               INT data)
{
    (void)iface, (void)label, (void)data;
}

static void STDMETHODCALLTYPE ctx_BeginEventInt(ID3D11DeviceContext2 *iface, LPCWSTR label,
                                                INT data)
{
    (void)iface, (void)label, (void)data;
}

static void STDMETHODCALLTYPE ctx_EndEvent(ID3D11DeviceContext2 *iface)
{
    (void)iface;
}

void d3d11_context_annotation_fill_vtbl(ID3D11DeviceContext2Vtbl *v)
{
    v->IsAnnotationEnabled = ctx_IsAnnotationEnabled;
    v->SetMarkerInt = ctx_SetMarkerInt;
    v->BeginEventInt = ctx_BeginEventInt;
    v->EndEvent = ctx_EndEvent;
}
