/* src/d3d11/context_query.c — ID3D11DeviceContext::Begin, End and GetData for the queries of
 * query.c (at 9_x: event, occlusion from 9_2, timestamp and timestamp-disjoint; seed 004,
 * CreateQuery; from 10_0 also the occlusion predicate), and predication's test
 * (d3d11_context_predicated).  No predicate or counter can exist at 9_x (seed 004).
 *
 * States (d3d11_context.h; the DDI's QueryBegin / QueryEnd / QueryGetData pages name them):
 * created -> Begin -> building -> End -> issued.  Draws that a building query counts finish
 * before they return, and Begin, End and GetData finish the draws waiting in the scene
 * (binning across draws, context_draw.c), so an issued query's result is ready at once;
 * `pending` (S_FALSE) is never set today.
 *
 * Rules and decisions:
 *  - Begin on an event or timestamp query is refused: D3D11_QUERY says "Begin is disabled" for
 *    both.  A second Begin while building restarts the query (QueryBegin "transitions the query
 *    to the building state"; the counts start again).
 *  - End on an occlusion or disjoint query that is not building behaves as Begin immediately
 *    followed by End (nothing happened in between: 0 samples) — decision, matching the DDI's
 *    implied beginning of event and timestamp queries.
 *  - GetData: pData NULL needs DataSize 0 ("Must be 0 when pData is NULL"); a non-zero DataSize
 *    must equal GetDataSize() (D3D11_QUERY's documented types); flags other than
 *    D3D11_ASYNC_GETDATA_DONOTFLUSH are refused — all E_INVALIDARG.  A query never ended, or
 *    between Begin and End, is DXGI_ERROR_INVALID_CALL (the runtime only asks the driver after
 *    QueryEnd; D3D11_MESSAGE_ID_QUERY_GETDATA_INVALID_CALL).  DataSize 0 polls: S_OK once the
 *    result is available, nothing written.  DONOTFLUSH changes nothing (nothing is queued).
 *  - Results: event TRUE (seed 000: the driver "must always set the event's BOOL to TRUE");
 *    occlusion the samples that passed depth and stencil between Begin and End — 0 until the
 *    draw path adds them through d3d11_context_add_occlusion_samples (seed 000's 9_2 note makes
 *    occlusion queries a required, answered query type; the count itself is the D3D11_QUERY
 *    definition); timestamp CLOCK_MONOTONIC in nanoseconds, taken at End; timestamp-disjoint
 *    Frequency 1000000000 (ticks are ns) and Disjoint FALSE (one monotonic clock never jumps).
 */
#include "d3d11/d3d11_private.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "d3d11/d3d11_context.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_state.h"
#include "d3d11/device_child.h"
#include "pipeline/draw.h"
#include "util/log.h"

static inline struct d3d11_context *impl(ID3D11DeviceContext2 *iface)
{
    return container_of(iface, struct d3d11_context, iface);
}

static const char *query_name(D3D11_QUERY q)
{
    switch (q) {
    case D3D11_QUERY_EVENT: return "D3D11_QUERY_EVENT";
    case D3D11_QUERY_OCCLUSION: return "D3D11_QUERY_OCCLUSION";
    case D3D11_QUERY_TIMESTAMP: return "D3D11_QUERY_TIMESTAMP";
    case D3D11_QUERY_TIMESTAMP_DISJOINT: return "D3D11_QUERY_TIMESTAMP_DISJOINT";
    case D3D11_QUERY_OCCLUSION_PREDICATE: return "D3D11_QUERY_OCCLUSION_PREDICATE";
    default: return "this query type";
    }
}

/* The query's description, or NULL with a message when `async` is not one of this device's. */
static const D3D11_QUERY_DESC *query_of(struct d3d11_context *ctx, const char *method,
                                        ID3D11Asynchronous *async)
{
    const D3D11_QUERY_DESC *desc = d3d11_query_desc(async);
    if (!async)
        d3d11_msg(ctx->device, "%s: pAsync is NULL", method);
    else if (!desc)
        d3d11_msg(ctx->device, "%s: pAsync is not a softd3d query", method);
    else if (d3d11_query_child(async)->device != ctx->device)
        d3d11_msg(ctx->device, "%s: pAsync belongs to another device", method);
    else
        return desc;
    return NULL;
}

/* ---- the list of queries between Begin and End ------------------------------------------- */

static bool active_add(struct d3d11_context *ctx, ID3D11Asynchronous *async)
{
    struct d3d11_context_extra *x = &ctx->extra;
    if (x->active_count == x->active_capacity) {
        size_t cap = x->active_capacity ? x->active_capacity * 2 : 8;
        ID3D11Asynchronous **p = realloc(x->active_queries, cap * sizeof(*p));
        if (!p)
            return false;
        x->active_queries = p;
        x->active_capacity = cap;
    }
    d3d11_child_bind(d3d11_query_child(async));   /* alive while building, even if released */
    x->active_queries[x->active_count++] = async;
    return true;
}

static void active_remove(struct d3d11_context *ctx, ID3D11Asynchronous *async)
{
    struct d3d11_context_extra *x = &ctx->extra;
    for (size_t i = 0; i < x->active_count; i++)
        if (x->active_queries[i] == async) {
            x->active_queries[i] = x->active_queries[--x->active_count];
            d3d11_child_unbind(d3d11_query_child(async), (IUnknown *)async);
            return;
        }
}

void d3d11_context_add_occlusion_samples(struct d3d11_context *ctx, UINT64 samples)
{
    struct d3d11_context_extra *x = &ctx->extra;
    for (size_t i = 0; i < x->active_count; i++)
        if (d3d11_query_desc(x->active_queries[i])->Query == D3D11_QUERY_OCCLUSION ||
            d3d11_query_desc(x->active_queries[i])->Query == D3D11_QUERY_OCCLUSION_PREDICATE)
            d3d11_query_result(x->active_queries[i])->value += samples;
}

/* SO statistics (D3D11_QUERY_DATA_SO_STATISTICS: NumPrimitivesWritten,
 * PrimitivesStorageNeeded) accumulate in the building queries of those types; softd3d has
 * only stream 0, so the _STREAM0 kinds count the same.  (Creating them is query.c's rule.) */
/* The _STREAMn queries count stream n's primitives; D3D11_QUERY_SO_STATISTICS and
 * D3D11_QUERY_SO_OVERFLOW_PREDICATE, which name no stream, every stream's (the D3D11_QUERY
 * page: the overflow predicate tells whether "any of the streaming output buffers
 * overflowed"; with one stream both readings agree, as in D3D10). */
void d3d11_context_add_so_statistics(struct d3d11_context *ctx, const UINT64 written[4],
                                     const UINT64 needed[4])
{
    struct d3d11_context_extra *x = &ctx->extra;
    UINT64 all_written = 0, all_needed = 0;
    bool any_overflow = false;
    for (unsigned m = 0; m < 4; m++) {
        all_written += written[m];
        all_needed += needed[m];
        any_overflow |= needed[m] > written[m];
    }
    for (size_t i = 0; i < x->active_count; i++) {
        D3D11_QUERY q = d3d11_query_desc(x->active_queries[i])->Query;
        struct d3d11_query_result *r = d3d11_query_result(x->active_queries[i]);
        if (q == D3D11_QUERY_SO_STATISTICS) {
            r->value += all_written;
            r->value2 += all_needed;
        } else if (q == D3D11_QUERY_SO_OVERFLOW_PREDICATE) {
            if (any_overflow)   /* some primitive did not fit (needed but not written) */
                r->value = TRUE;
        } else if (q >= D3D11_QUERY_SO_STATISTICS_STREAM0 &&
                   q <= D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3) {
            /* STREAM0, OVERFLOW_PREDICATE_STREAM0, STREAM1, ... alternate (the enum) */
            unsigned m = (unsigned)(q - D3D11_QUERY_SO_STATISTICS_STREAM0) / 2u;
            bool predicate = (q - D3D11_QUERY_SO_STATISTICS_STREAM0) & 1;
            if (!predicate) {
                r->value += written[m];
                r->value2 += needed[m];
            } else if (needed[m] > written[m]) {
                r->value = TRUE;
            }
        }
    }
}

/* D3D11_QUERY_DATA_PIPELINE_STATISTICS: the draw's counts (pipeline/draw.h says what each
 * counts, hull and domain invocations included); compute shaders are not run: 0. */
void d3d11_context_add_pipeline_statistics(struct d3d11_context *ctx,
                                           const struct draw_stats *s)
{
    struct d3d11_context_extra *x = &ctx->extra;
    for (size_t i = 0; i < x->active_count; i++) {
        if (d3d11_query_desc(x->active_queries[i])->Query != D3D11_QUERY_PIPELINE_STATISTICS)
            continue;
        D3D11_QUERY_DATA_PIPELINE_STATISTICS *p = &d3d11_query_result(x->active_queries[i])->stats;
        p->IAVertices += s->ia_vertices;
        p->IAPrimitives += s->ia_primitives;
        p->VSInvocations += s->vs_invocations;
        p->GSInvocations += s->gs_invocations;
        p->GSPrimitives += s->gs_primitives;
        p->CInvocations += s->c_invocations;
        p->CPrimitives += s->c_primitives;
        p->PSInvocations += s->ps_invocations;
        p->HSInvocations += s->hs_invocations;
        p->DSInvocations += s->ds_invocations;
        p->CSInvocations += s->cs_invocations;
    }
}

bool d3d11_context_predicated(const struct d3d11_context *ctx)
{
    ID3D11Asynchronous *p = ctx->state.predicate.iface;
    /* D3D11_QUERY_OCCLUSION_PREDICATE's data: TRUE when any sample passed (SetPredication
     * accepts only issued predicates, so the result is final) */
    return p && (d3d11_query_result(p)->value != 0) == (ctx->state.predicate_value != FALSE);
}

/* SetPredication page: "While the predicate is set for predication, calls to Begin and End are
 * invalid." */
static bool set_for_predication(struct d3d11_context *ctx, const char *method,
                                ID3D11Asynchronous *async)
{
    if (ctx->state.predicate.iface != async)
        return false;
    d3d11_msg(ctx->device, "%s: the predicate is set for predication (SetPredication); Begin "
              "and End are invalid until it is unset", method);
    return true;
}

void d3d11_context_queries_cleanup(struct d3d11_context *ctx)
{
    struct d3d11_context_extra *x = &ctx->extra;
    while (x->active_count) {
        ID3D11Asynchronous *q = x->active_queries[--x->active_count];
        d3d11_child_unbind(d3d11_query_child(q), (IUnknown *)q);
    }
    free(x->active_queries);
    x->active_queries = NULL;
    x->active_capacity = 0;
}

/* ---- Begin, End, GetData ------------------------------------------------------------------- */

static bool begin_disabled(D3D11_QUERY q)
{
    return q == D3D11_QUERY_EVENT || q == D3D11_QUERY_TIMESTAMP;
}

static UINT64 monotonic_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (UINT64)ts.tv_sec * 1000000000u + (UINT64)ts.tv_nsec;
}

static void STDMETHODCALLTYPE ctx_Begin(ID3D11DeviceContext2 *iface, ID3D11Asynchronous *async)
{
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    const D3D11_QUERY_DESC *desc = query_of(ctx, "Begin", async);
    struct d3d11_query_result *r;
    if (!desc || set_for_predication(ctx, "Begin", async))
        return;
    if (begin_disabled(desc->Query)) {
        d3d11_msg(ctx->device, "Begin: %s has no Begin (\"Begin is disabled\", D3D11_QUERY); "
                  "call End only", query_name(desc->Query));
        return;
    }
    r = d3d11_query_result(async);
    if (r->status != D3D11_QUERY_STATUS_BUILDING) {
        if (!active_add(ctx, async)) {
            d3d11_msg(ctx->device, "Begin: out of memory");
            return;
        }
        r->status = D3D11_QUERY_STATUS_BUILDING;
    }
    r->value = 0;   /* a Begin while building restarts the count */
    r->value2 = 0;
    memset(&r->stats, 0, sizeof(r->stats));
    r->pending = false;
}

static void STDMETHODCALLTYPE ctx_End(ID3D11DeviceContext2 *iface, ID3D11Asynchronous *async)
{
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    const D3D11_QUERY_DESC *desc = query_of(ctx, "End", async);
    struct d3d11_query_result *r;
    if (!desc || set_for_predication(ctx, "End", async))
        return;
    r = d3d11_query_result(async);
    switch (desc->Query) {
    case D3D11_QUERY_EVENT:
        r->value = TRUE;   /* seed 000: always TRUE */
        break;
    case D3D11_QUERY_TIMESTAMP:
        r->value = monotonic_ns();
        break;
    default:
        if (r->status == D3D11_QUERY_STATUS_BUILDING)
            active_remove(ctx, async);
        else {
            r->value = 0;   /* End without Begin: an empty Begin/End pair */
            r->value2 = 0;
            memset(&r->stats, 0, sizeof(r->stats));
        }
        break;
    }
    r->status = D3D11_QUERY_STATUS_ISSUED;
    r->pending = false;
}

/* The pure part of GetData: arguments and status -> HRESULT + message. */
static HRESULT validate_get_data(const D3D11_QUERY_DESC *desc, const struct d3d11_query_result *r,
                                 const void *data, UINT size, UINT flags, char *msg, size_t n)
{
    UINT want = d3d11_query_data_size(desc->Query);
    if (flags & ~(UINT)D3D11_ASYNC_GETDATA_DONOTFLUSH)
        return d3d11_res_refuse(E_INVALIDARG, msg, n, "GetData: GetDataFlags 0x%x has bits other "
                                "than D3D11_ASYNC_GETDATA_DONOTFLUSH", flags);
    if (!data && size)
        return d3d11_res_refuse(E_INVALIDARG, msg, n, "GetData: DataSize %u must be 0 when pData "
                                "is NULL", size);
    if (size && size != want)
        return d3d11_res_refuse(E_INVALIDARG, msg, n, "GetData: DataSize %u is not the %u bytes "
                                "of %s", size, want, query_name(desc->Query));
    if (r->status == D3D11_QUERY_STATUS_CREATED)
        return d3d11_res_refuse(DXGI_ERROR_INVALID_CALL, msg, n, "GetData: %s has not been "
                                "issued (call End first)", query_name(desc->Query));
    if (r->status == D3D11_QUERY_STATUS_BUILDING)
        return d3d11_res_refuse(DXGI_ERROR_INVALID_CALL, msg, n, "GetData: %s is between Begin "
                                "and End (call End first)", query_name(desc->Query));
    return r->pending ? S_FALSE : S_OK;
}

static HRESULT STDMETHODCALLTYPE ctx_GetData(ID3D11DeviceContext2 *iface,
                                             ID3D11Asynchronous *async, void *data, UINT size,
                                             UINT flags)
{
    struct d3d11_context *ctx = impl(iface);
    d3d11_context_flush_draws(ctx);   /* (binning across draws: context_draw.c) */
    const D3D11_QUERY_DESC *desc = query_of(ctx, "GetData", async);
    const struct d3d11_query_result *r;
    char msg[256];
    HRESULT hr;

    if (!desc)
        return E_INVALIDARG;
    r = d3d11_query_result(async);
    if ((hr = validate_get_data(desc, r, data, size, flags, msg, sizeof(msg))) != S_OK) {
        if (FAILED(hr))
            d3d11_msg(ctx->device, "%s", msg);
        return hr;
    }
    if (!data || !size)
        return S_OK;   /* a status poll */
    switch (desc->Query) {
    case D3D11_QUERY_EVENT: {
        BOOL done = TRUE;
        memcpy(data, &done, sizeof(done));
        break;
    }
    case D3D11_QUERY_TIMESTAMP_DISJOINT: {
        D3D11_QUERY_DATA_TIMESTAMP_DISJOINT d = { 1000000000u, FALSE };
        memcpy(data, &d, sizeof(d));
        break;
    }
    case D3D11_QUERY_OCCLUSION:
    case D3D11_QUERY_TIMESTAMP:
        memcpy(data, &r->value, sizeof(r->value));
        break;
    case D3D11_QUERY_PIPELINE_STATISTICS:
        memcpy(data, &r->stats, sizeof(r->stats));
        break;
    case D3D11_QUERY_SO_STATISTICS:
    case D3D11_QUERY_SO_STATISTICS_STREAM0:
    case D3D11_QUERY_SO_STATISTICS_STREAM1:   /* streams 1..3: nothing can write them below */
    case D3D11_QUERY_SO_STATISTICS_STREAM2:   /* 11_0 (one stream at 10_x): value 0 */
    case D3D11_QUERY_SO_STATISTICS_STREAM3: {
        D3D11_QUERY_DATA_SO_STATISTICS d = { r->value, r->value2 };
        memcpy(data, &d, sizeof(d));
        break;
    }
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3: {
        BOOL overflow = r->value != 0;
        memcpy(data, &overflow, sizeof(overflow));
        break;
    }
    case D3D11_QUERY_OCCLUSION_PREDICATE: {
        BOOL any = r->value != 0;   /* D3D11_QUERY: TRUE when any sample passed */
        memcpy(data, &any, sizeof(any));
        break;
    }
    default:   /* unreachable (query.c creates only the types above) */
        memset(data, 0, size);
        break;
    }
    return S_OK;
}

void d3d11_context_query_fill_vtbl(ID3D11DeviceContext2Vtbl *v)
{
    v->Begin = ctx_Begin;
    v->End = ctx_End;
    v->GetData = ctx_GetData;
}
