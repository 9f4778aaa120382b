/* src/d3d11/query.c — ID3D11Device: CreateQuery, CreatePredicate, CreateCounter, CheckCounter,
 * CheckCounterInfo, and the query object (ID3D11Query; also ID3D11Predicate for the predicate
 * types): GetDesc and GetDataSize.  Begin/End/GetData belong to the device context (the
 * rendering work); the context reads a query's type through d3d11_query_desc.
 *
 * What each 9_x level creates (seed 004, CreateQuery row: "event queries supported; timestamp
 * queries optional (call CreateQuery to find out)" at 9_1, "event and occlusion queries
 * supported; timestamp optional" at 9_2 and 9_3):
 *  - D3D11_QUERY_EVENT: every level.
 *  - D3D11_QUERY_OCCLUSION: 9_2 and 9_3; refused at 9_1 (seed 000 also places the driver's
 *    occlusion-query duty at 9_2).
 *  - D3D11_QUERY_TIMESTAMP and _TIMESTAMP_DISJOINT: softd3d implements the optional timestamp
 *    queries at every level (a CPU renderer has a clock), so they are created.
 *  - everything else is refused at 9_x: the row lists no other type.  In particular
 *    OCCLUSION_PREDICATE and SO_OVERFLOW_PREDICATE* are predicates, and CreatePredicate is "not
 *    supported at any 9_x level" (seed 004); PIPELINE_STATISTICS is not among the listed types;
 *    the SO_* types measure stream output, which 9_x lacks (no geometry shader / stream output,
 *    seed 004 CreateGeometryShaderWithStreamOutput).
 * Refusals return E_INVALIDARG (the D3D11 return code for an invalid or unsupported argument),
 * set the out-pointer to NULL and leave one message line.  A NULL out-pointer validates only and
 * returns S_FALSE.
 *
 * Counters (seed 004: "device-dependent counters optionally supported; use CheckCounterInfo",
 * and CreateCounter "not supported at any 9_x level"): softd3d has no device-dependent
 * counters, and D3D11 defines no well-known ones (D3D11_COUNTER has only DEVICE_DEPENDENT_0).
 * CheckCounterInfo therefore reports LastDeviceDependentCounter 0 ("If none are supported, this
 * value will be 0", D3D11_COUNTER_INFO) with NumSimultaneousCounters 0 and
 * NumDetectableParallelUnits 0 (there is no counter whose parallel units could be told apart);
 * CreateCounter and CheckCounter refuse every counter with E_INVALIDARG (CreateCounter:
 * "E_INVALIDARG is returned whenever an out-of-range well-known or device-dependent counter is
 * requested").
 */
#include "d3d11/d3d11_state.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11/device_child.h"
#include "util/log.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct query_type {
    const char *name;
    UINT data_size;            /* documented GetData size (D3D11_QUERY reference page) */
    bool predicate;
    D3D_FEATURE_LEVEL min_level;
    const char *why;           /* the rule, for levels below min_level */
};

#define L9_1 D3D_FEATURE_LEVEL_9_1
#define L9_2 D3D_FEATURE_LEVEL_9_2
#define L10 D3D_FEATURE_LEVEL_10_0
#define NOT_PREDICATE "predicates are not supported at any 9_x level (seed 004, CreatePredicate)"
#define NOT_SO "stream output does not exist at 9_x (seed 004)"

static const struct query_type query_types[] = {
    [D3D11_QUERY_EVENT] = { "D3D11_QUERY_EVENT", sizeof(BOOL), false, L9_1, NULL },
    [D3D11_QUERY_OCCLUSION] = { "D3D11_QUERY_OCCLUSION", sizeof(UINT64), false, L9_2,
                                "occlusion queries are supported from feature level 9_2 "
                                "(seed 004)" },
    [D3D11_QUERY_TIMESTAMP] = { "D3D11_QUERY_TIMESTAMP", sizeof(UINT64), false, L9_1, NULL },
    [D3D11_QUERY_TIMESTAMP_DISJOINT] = { "D3D11_QUERY_TIMESTAMP_DISJOINT",
                                         sizeof(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT), false, L9_1,
                                         NULL },
    [D3D11_QUERY_PIPELINE_STATISTICS] = { "D3D11_QUERY_PIPELINE_STATISTICS",
                                          sizeof(D3D11_QUERY_DATA_PIPELINE_STATISTICS), false,
                                          L10, "9_x supports only event, occlusion (9_2+) and "
                                          "timestamp queries (seed 004)" },
    [D3D11_QUERY_OCCLUSION_PREDICATE] = { "D3D11_QUERY_OCCLUSION_PREDICATE", sizeof(BOOL), true,
                                          L10, NOT_PREDICATE },
    [D3D11_QUERY_SO_STATISTICS] = { "D3D11_QUERY_SO_STATISTICS",
                                    sizeof(D3D11_QUERY_DATA_SO_STATISTICS), false, L10, NOT_SO },
    [D3D11_QUERY_SO_OVERFLOW_PREDICATE] = { "D3D11_QUERY_SO_OVERFLOW_PREDICATE", sizeof(BOOL),
                                            true, L10, NOT_PREDICATE },
    [D3D11_QUERY_SO_STATISTICS_STREAM0] = { "D3D11_QUERY_SO_STATISTICS_STREAM0",
                                            sizeof(D3D11_QUERY_DATA_SO_STATISTICS), false, L10,
                                            NOT_SO },
    [D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0] = { "D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0",
                                                    sizeof(BOOL), true, L10, NOT_PREDICATE },
    [D3D11_QUERY_SO_STATISTICS_STREAM1] = { "D3D11_QUERY_SO_STATISTICS_STREAM1",
                                            sizeof(D3D11_QUERY_DATA_SO_STATISTICS), false, L10,
                                            NOT_SO },
    [D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1] = { "D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1",
                                                    sizeof(BOOL), true, L10, NOT_PREDICATE },
    [D3D11_QUERY_SO_STATISTICS_STREAM2] = { "D3D11_QUERY_SO_STATISTICS_STREAM2",
                                            sizeof(D3D11_QUERY_DATA_SO_STATISTICS), false, L10,
                                            NOT_SO },
    [D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2] = { "D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2",
                                                    sizeof(BOOL), true, L10, NOT_PREDICATE },
    [D3D11_QUERY_SO_STATISTICS_STREAM3] = { "D3D11_QUERY_SO_STATISTICS_STREAM3",
                                            sizeof(D3D11_QUERY_DATA_SO_STATISTICS), false, L10,
                                            NOT_SO },
    [D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3] = { "D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3",
                                                    sizeof(BOOL), true, L10, NOT_PREDICATE },
};

static const struct query_type *query_type(D3D11_QUERY q)
{
    return (UINT)q < ARRAY_SIZE(query_types) ? &query_types[(UINT)q] : NULL;
}

UINT d3d11_query_data_size(D3D11_QUERY query)
{
    const struct query_type *t = query_type(query);
    return t ? t->data_size : 0;
}

static HRESULT refuse(char *msg, size_t msg_size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static HRESULT refuse(char *msg, size_t msg_size, const char *fmt, ...)
{
    if (msg && msg_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, msg_size, fmt, ap);
        va_end(ap);
    }
    return E_INVALIDARG;
}

HRESULT d3d11_validate_query_desc(const char *method, const D3D11_QUERY_DESC *desc,
                                  D3D_FEATURE_LEVEL level, char *msg, size_t msg_size)
{
    bool want_predicate = !strcmp(method, "CreatePredicate");
    const struct query_type *t;

    /* General rules (D3D11_QUERY, D3D11_QUERY_MISC_FLAG, CreatePredicate). */
    if (!desc)
        return refuse(msg, msg_size, "%s: the description is NULL", method);
    if (!(t = query_type(desc->Query)))
        return refuse(msg, msg_size, "%s: Query %u is not a D3D11_QUERY value", method,
                      (UINT)desc->Query);
    if (desc->MiscFlags & ~(UINT)D3D11_QUERY_MISC_PREDICATEHINT)
        return refuse(msg, msg_size, "%s: MiscFlags 0x%x has bits other than "
                      "D3D11_QUERY_MISC_PREDICATEHINT", method, desc->MiscFlags);
    if (want_predicate && !t->predicate)
        return refuse(msg, msg_size, "%s: %s is not a predicate type (only "
                      "D3D11_QUERY_OCCLUSION_PREDICATE and D3D11_QUERY_SO_OVERFLOW_PREDICATE*)",
                      method, t->name);

    /* Level rules. */
    /* seed 004: CreatePredicate not supported at any 9_x level. */
    if (want_predicate && level < D3D_FEATURE_LEVEL_10_0)
        return refuse(msg, msg_size, "%s: predicates are not supported at feature level %s "
                      "(seed 004)", method, d3d11_level_name(level));
    /* seed 004: CreateQuery row (see the top of the file). */
    if (level < t->min_level)
        return refuse(msg, msg_size, "%s: %s is not supported at feature level %s (%s)", method,
                      t->name, d3d11_level_name(level), t->why);
    return S_OK;
}

HRESULT d3d11_validate_counter_desc(const char *method, const D3D11_COUNTER_DESC *desc,
                                    D3D_FEATURE_LEVEL level, char *msg, size_t msg_size)
{
    if (!desc)
        return refuse(msg, msg_size, "%s: pCounterDesc is NULL", method);
    /* seed 004: CreateCounter not supported at any 9_x level. */
    if (!strcmp(method, "CreateCounter") && level < D3D_FEATURE_LEVEL_10_0)
        return refuse(msg, msg_size, "%s: counters are not supported at feature level %s "
                      "(seed 004)", method, d3d11_level_name(level));
    if (desc->MiscFlags)
        return refuse(msg, msg_size, "%s: MiscFlags 0x%x must be 0 (reserved)", method,
                      desc->MiscFlags);
    /* No well-known counters exist in D3D11, and softd3d has no device-dependent ones
     * (CheckCounterInfo: LastDeviceDependentCounter 0), so every counter is out of range. */
    return refuse(msg, msg_size, "%s: counter 0x%x is not supported: there are no "
                  "device-dependent counters (CheckCounterInfo reports "
                  "LastDeviceDependentCounter 0)", method, (UINT)desc->Counter);
}

/* ---------------------------------------------------------------------------------------------
 * The query object.
 * ------------------------------------------------------------------------------------------- */

struct d3d11_query {
    ID3D11Query iface;         /* ID3D11Predicate has the same vtable layout */
    struct d3d11_child child;
    D3D11_QUERY_DESC desc;
    const GUID *const *iids;   /* query_iids or predicate_iids */
    struct d3d11_query_result result;   /* Begin / End / GetData state (context_query.c) */
};

static const GUID *const query_iids[] = { &IID_ID3D11Asynchronous, &IID_ID3D11Query, NULL };
static const GUID *const predicate_iids[] = { &IID_ID3D11Asynchronous, &IID_ID3D11Query,
                                              &IID_ID3D11Predicate, NULL };

static void query_destroy(struct d3d11_query *q)
{
    free(q);
}

D3D11_CHILD_IMPLEMENT(query, ID3D11Query, struct d3d11_query, query_impl(iface)->iids,
                      query_destroy)

static UINT STDMETHODCALLTYPE query_GetDataSize(ID3D11Query *iface)
{
    return d3d11_query_data_size(query_impl(iface)->desc.Query);
}

static void STDMETHODCALLTYPE query_GetDesc(ID3D11Query *iface, D3D11_QUERY_DESC *desc)
{
    if (desc)
        *desc = query_impl(iface)->desc;
}

static const ID3D11QueryVtbl query_vtbl = {
    D3D11_CHILD_VTBL_ENTRIES(query),
    .GetDataSize = query_GetDataSize,
    .GetDesc = query_GetDesc,
};

const D3D11_QUERY_DESC *d3d11_query_desc(ID3D11Asynchronous *async)
{
    if (!async || async->lpVtbl != (const void *)&query_vtbl)
        return NULL;
    return &query_impl((ID3D11Query *)async)->desc;
}

struct d3d11_query_result *d3d11_query_result(ID3D11Asynchronous *async)
{
    if (!async || async->lpVtbl != (const void *)&query_vtbl)
        return NULL;
    return &query_impl((ID3D11Query *)async)->result;
}

struct d3d11_child *d3d11_query_child(ID3D11Asynchronous *async)
{
    if (!async || async->lpVtbl != (const void *)&query_vtbl)
        return NULL;
    return &query_impl((ID3D11Query *)async)->child;
}

/* ---------------------------------------------------------------------------------------------
 * The device methods.
 * ------------------------------------------------------------------------------------------- */

static HRESULT query_create(struct d3d11_device *dev, const char *method,
                            const D3D11_QUERY_DESC *desc, ID3D11Query **out)
{
    struct d3d11_query *q;
    char msg[256];
    HRESULT hr;

    if (FAILED(hr = d3d11_validate_query_desc(method, desc, dev->level, msg, sizeof(msg)))) {
        if (out)
            *out = NULL;
        d3d11_msg(dev, "%s", msg);
        return hr;
    }
    if (!out)
        return S_FALSE;   /* documented: a NULL out-pointer validates only */
    if (!(q = calloc(1, sizeof(*q)))) {
        *out = NULL;
        d3d11_msg(dev, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    q->iface.lpVtbl = &query_vtbl;
    d3d11_child_init(&q->child, dev);
    q->desc = *desc;
    q->iids = query_type(desc->Query)->predicate ? predicate_iids : query_iids;
    *out = &q->iface;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateQuery(ID3D11Device2 *iface,
                                                    const D3D11_QUERY_DESC *desc,
                                                    ID3D11Query **out)
{
    return query_create(d3d11_device_from_iface(iface), "CreateQuery", desc, out);
}

static HRESULT STDMETHODCALLTYPE device_CreatePredicate(ID3D11Device2 *iface,
                                                        const D3D11_QUERY_DESC *desc,
                                                        ID3D11Predicate **out)
{
    /* ID3D11Predicate derives from ID3D11Query with no new method: the same object. */
    return query_create(d3d11_device_from_iface(iface), "CreatePredicate", desc,
                        (ID3D11Query **)out);
}

static HRESULT STDMETHODCALLTYPE device_CreateCounter(ID3D11Device2 *iface,
                                                      const D3D11_COUNTER_DESC *desc,
                                                      ID3D11Counter **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    char msg[256];
    HRESULT hr = d3d11_validate_counter_desc("CreateCounter", desc, dev->level, msg,
                                             sizeof(msg));
    /* The validator refuses every counter (there are none), so no counter object exists. */
    if (out)
        *out = NULL;
    d3d11_msg(dev, "%s", msg);
    return hr;
}

static void STDMETHODCALLTYPE device_CheckCounterInfo(ID3D11Device2 *iface,
                                                      D3D11_COUNTER_INFO *info)
{
    if (!info) {
        d3d11_msg(d3d11_device_from_iface(iface), "CheckCounterInfo: pCounterInfo is NULL");
        return;
    }
    info->LastDeviceDependentCounter = 0;   /* none supported */
    info->NumSimultaneousCounters = 0;
    info->NumDetectableParallelUnits = 0;
}

static HRESULT STDMETHODCALLTYPE device_CheckCounter(ID3D11Device2 *iface,
                                                     const D3D11_COUNTER_DESC *desc,
                                                     D3D11_COUNTER_TYPE *type, UINT *active,
                                                     LPSTR name, UINT *name_length, LPSTR units,
                                                     UINT *units_length, LPSTR description,
                                                     UINT *description_length)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    char msg[256];
    HRESULT hr = d3d11_validate_counter_desc("CheckCounter", desc, dev->level, msg,
                                             sizeof(msg));
    /* Every counter is refused (see the top of the file); the outputs are left untouched. */
    (void)type, (void)active, (void)name, (void)name_length, (void)units, (void)units_length;
    (void)description, (void)description_length;
    d3d11_msg(dev, "%s", msg);
    return hr;
}

void d3d11_query_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    v->CreateQuery = device_CreateQuery;
    v->CreatePredicate = device_CreatePredicate;
    v->CreateCounter = device_CreateCounter;
    v->CheckCounterInfo = device_CheckCounterInfo;
    v->CheckCounter = device_CheckCounter;
}
