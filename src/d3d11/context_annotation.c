/* src/d3d11/context_annotation.c — the ID3D11DeviceContext2 annotation methods
 * (IsAnnotationEnabled, SetMarkerInt, BeginEventInt, EndEvent) and ID3DUserDefinedAnnotation,
 * the context's face for them ("published by Direct3D 11 device contexts": QueryInterface of
 * any context), on immediate and deferred contexts at every level.
 *
 * They exist for capture and profiling tools ("allows applications to determine when either a
 * capture or profiling request is enabled", IsAnnotationEnabled): no such tool ever attaches to
 * softd3d, so IsAnnotationEnabled is FALSE and the markers and events are accepted and dropped
 * (the graphics commands they annotate run unchanged; nothing is recorded in command lists).
 * ID3DUserDefinedAnnotation: GetStatus FALSE, BeginEvent and EndEvent -1 ("if the calling
 * application is not running under a Direct3D profiling tool"), SetMarker dropped; its IUnknown
 * is the context's (one reference count, QueryInterface answering the context's IIDs).
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

static struct d3d11_context *annotation_ctx(ID3DUserDefinedAnnotation *iface)
{
    return container_of(iface, struct d3d11_context, annotation);
}

static HRESULT STDMETHODCALLTYPE annotation_QueryInterface(ID3DUserDefinedAnnotation *iface,
                                                           REFIID riid, void **out)
{
    ID3D11DeviceContext2 *c = &annotation_ctx(iface)->iface;
    return c->lpVtbl->QueryInterface(c, riid, out);
}

static ULONG STDMETHODCALLTYPE annotation_AddRef(ID3DUserDefinedAnnotation *iface)
{
    ID3D11DeviceContext2 *c = &annotation_ctx(iface)->iface;
    return c->lpVtbl->AddRef(c);
}

static ULONG STDMETHODCALLTYPE annotation_Release(ID3DUserDefinedAnnotation *iface)
{
    ID3D11DeviceContext2 *c = &annotation_ctx(iface)->iface;
    return c->lpVtbl->Release(c);
}

static INT STDMETHODCALLTYPE annotation_BeginEvent(ID3DUserDefinedAnnotation *iface,
                                                   LPCWSTR name)
{
    (void)iface, (void)name;
    return -1;   /* not running under a profiling tool */
}

static INT STDMETHODCALLTYPE annotation_EndEvent(ID3DUserDefinedAnnotation *iface)
{
    (void)iface;
    return -1;
}

static void STDMETHODCALLTYPE annotation_SetMarker(ID3DUserDefinedAnnotation *iface, LPCWSTR name)
{
    (void)iface, (void)name;
}

static BOOL STDMETHODCALLTYPE annotation_GetStatus(ID3DUserDefinedAnnotation *iface)
{
    (void)iface;
    return FALSE;
}

static const ID3DUserDefinedAnnotationVtbl annotation_vtbl = {
    .QueryInterface = annotation_QueryInterface,
    .AddRef = annotation_AddRef,
    .Release = annotation_Release,
    .BeginEvent = annotation_BeginEvent,
    .EndEvent = annotation_EndEvent,
    .SetMarker = annotation_SetMarker,
    .GetStatus = annotation_GetStatus,
};

void d3d11_context_annotation_init(struct d3d11_context *ctx)
{
    ctx->annotation.lpVtbl = (ID3DUserDefinedAnnotationVtbl *)&annotation_vtbl;
}

void d3d11_context_annotation_fill_vtbl(ID3D11DeviceContext2Vtbl *v)
{
    v->IsAnnotationEnabled = ctx_IsAnnotationEnabled;
    v->SetMarkerInt = ctx_SetMarkerInt;
    v->BeginEventInt = ctx_BeginEventInt;
    v->EndEvent = ctx_EndEvent;
}
