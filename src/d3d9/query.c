/* src/d3d9/query.c — IDirect3DDevice9::CreateQuery and the query object (IDirect3DQuery9:
 * GetDevice, GetType, GetDataSize, Issue, GetData).
 *
 * The types softd3d answers ("Queries (Direct3D 9)" / D3DQUERYTYPE: valid issue flags and the
 * GetData buffer of each):
 *   D3DQUERYTYPE_EVENT              END          BOOL    TRUE (seed 000: the driver "must always
 *                                                        set the event's BOOL value to TRUE")
 *   D3DQUERYTYPE_OCCLUSION          BEGIN, END   DWORD   samples that passed the depth and
 *                                                        stencil tests between BEGIN and END
 *   D3DQUERYTYPE_TIMESTAMP          END          UINT64  CLOCK_MONOTONIC in ns, taken at END
 *   D3DQUERYTYPE_TIMESTAMPDISJOINT  BEGIN, END   BOOL    FALSE: one monotonic clock never jumps
 *   D3DQUERYTYPE_TIMESTAMPFREQ      END          UINT64  1000000000 (ticks are ns)
 * Every other type (VCACHE, RESOURCEMANAGER, VERTEXSTATS, the *TIMINGS, CACHEUTILIZATION,
 * MEMORYPRESSURE, and values that are no D3DQUERYTYPE) is D3DERR_NOTAVAILABLE, the code
 * CreateQuery documents for an unsupported type.  Occlusion queries follow the D3D11 front-end
 * (src/d3d11/query.c): seed 000 places the driver's occlusion-query duty at 9_2, so a device
 * whose caps reach only 9_1 (the strict 9_1 profile) does not offer them.  The timestamp types
 * are optional in D3D9; a CPU renderer has a clock, so every profile offers them (as D3D11 does).
 *
 * CreateQuery with ppQuery NULL checks support only: D3D_OK or D3DERR_NOTAVAILABLE ("This
 * parameter can be set to NULL to see if a query is supported").
 *
 * States ("Queries (Direct3D 9)": signaled -> Issue(BEGIN) -> building -> Issue(END) -> issued
 * -> signaled).  Draws an open occlusion query counts finish before they return, and Issue
 * and GetData finish the draws waiting in the scene (binning across draws, draw.c), so an
 * issued query is signaled at once; GetData never returns S_FALSE today.  Rules and decisions:
 *  - Issue: dwIssueFlags must be exactly D3DISSUE_BEGIN or D3DISSUE_END; BEGIN on a type whose
 *    only valid issue flag is END is refused — D3DERR_INVALIDCALL ("If the method fails, the
 *    return value can be D3DERR_INVALIDCALL").  BEGIN while building restarts the count.
 *  - Occlusion counting: the device keeps the running total of samples its draws passed
 *    (d3d9_device.samples_passed, added by draw.c from the shared pipeline's count, the same
 *    draw_execute() figure the D3D11 occlusion query adds); BEGIN notes the total, END takes the
 *    difference.  END without BEGIN: the table gives occlusion no implicit beginning ("N/A"), so
 *    it is an empty BEGIN/END pair, 0 samples (as the D3D11 front-end decides).
 *  - GetData: flags other than 0 and D3DGETDATA_FLUSH, pData NULL with a non-zero dwSize ("pData
 *    may be NULL only if dwSize is 0"), and a non-zero dwSize smaller than GetDataSize() ("The
 *    application is expected to pass the right amount of data": a smaller buffer cannot hold the
 *    result) are D3DERR_INVALIDCALL; a larger buffer receives GetDataSize() bytes.  dwSize 0
 *    polls: S_OK, nothing written.  A query between BEGIN and END is D3DERR_INVALIDCALL (its
 *    result cannot exist before END; the D3D11 front-end refuses the same).  A query never
 *    issued is in the signaled state ("Create" leads to it) and reports its initial result:
 *    event TRUE, 0 samples, timestamp 0, the frequency, disjoint FALSE.
 *  - Occlusion results wider than a DWORD saturate to 0xffffffff (the count cannot wrap to 0 and
 *    read as "fully occluded").
 */
#include "d3d9/d3d9_resource.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "softd3d_com_stubs.h"
#include "util/log.h"

#define D3D9_QUERY_TICKS_PER_SECOND 1000000000u

enum query_status { QUERY_SIGNALED, QUERY_BUILDING };

struct d3d9_query {
    IDirect3DQuery9 iface;
    struct d3d9_life life;
    D3DQUERYTYPE type;
    enum query_status status;   /* guarded by the device lock */
    uint64_t start;             /* occlusion: the device's total at BEGIN */
    uint64_t value;             /* occlusion samples or the timestamp */
};

struct query_type {
    D3DQUERYTYPE type;
    const char *name;
    DWORD size;        /* GetData buffer ("Queries (Direct3D 9)") */
    bool begin;        /* D3DISSUE_BEGIN valid */
};

static const struct query_type query_types[] = {
    { D3DQUERYTYPE_EVENT, "D3DQUERYTYPE_EVENT", sizeof(BOOL), false },
    { D3DQUERYTYPE_OCCLUSION, "D3DQUERYTYPE_OCCLUSION", sizeof(DWORD), true },
    { D3DQUERYTYPE_TIMESTAMP, "D3DQUERYTYPE_TIMESTAMP", sizeof(UINT64), false },
    { D3DQUERYTYPE_TIMESTAMPDISJOINT, "D3DQUERYTYPE_TIMESTAMPDISJOINT", sizeof(BOOL), true },
    { D3DQUERYTYPE_TIMESTAMPFREQ, "D3DQUERYTYPE_TIMESTAMPFREQ", sizeof(UINT64), false },
};

static const struct query_type *query_type(D3DQUERYTYPE type)
{
    for (size_t i = 0; i < sizeof(query_types) / sizeof(query_types[0]); i++)
        if (query_types[i].type == type)
            return &query_types[i];
    return NULL;
}

static uint64_t monotonic_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- the query object ------------------------------------------------------------------------ */

static const GUID *const query_iids[] = { &IID_IDirect3DQuery9, NULL };
D3D9_LIFE_IUNKNOWN(query, IDirect3DQuery9, struct d3d9_query, iface, life, query_iids)

/* Occlusion queries between BEGIN and END make the draws count their samples (draw.c): the
 * device counts them open. */
static void occlusion_open(struct d3d9_query *q, bool open)
{
    bool was = q->status == QUERY_BUILDING;
    if (q->type != D3DQUERYTYPE_OCCLUSION || was == open)
        return;
    if (open)
        q->life.device->occlusion_open++;
    else
        q->life.device->occlusion_open--;
}

static void query_destroy(struct d3d9_life *life)
{
    struct d3d9_query *q = container_of(life, struct d3d9_query, life);
    d3d9_device_lock_state(q->life.device);
    occlusion_open(q, false);
    d3d9_device_unlock(q->life.device);
    free(q);
}

static HRESULT STDMETHODCALLTYPE query_GetDevice(IDirect3DQuery9 *iface, IDirect3DDevice9 **out)
{
    struct d3d9_query *q = query_impl(iface);
    if (!out) {
        util_msg(false, "IDirect3DQuery9::GetDevice: ppDevice is NULL");
        return D3DERR_INVALIDCALL;
    }
    IDirect3DDevice9_AddRef(&q->life.device->iface);
    *out = &q->life.device->iface;
    return D3D_OK;
}

static D3DQUERYTYPE STDMETHODCALLTYPE query_GetType(IDirect3DQuery9 *iface)
{
    return query_impl(iface)->type;
}

static DWORD STDMETHODCALLTYPE query_GetDataSize(IDirect3DQuery9 *iface)
{
    return query_type(query_impl(iface)->type)->size;
}

static HRESULT STDMETHODCALLTYPE query_Issue(IDirect3DQuery9 *iface, DWORD flags)
{
    struct d3d9_query *q = query_impl(iface);
    const struct query_type *t = query_type(q->type);
    struct d3d9_device *dev = q->life.device;

    if (flags != D3DISSUE_BEGIN && flags != D3DISSUE_END) {
        util_msg(false, "IDirect3DQuery9::Issue: dwIssueFlags 0x%x is not D3DISSUE_BEGIN or "
                        "D3DISSUE_END", (unsigned)flags);
        return D3DERR_INVALIDCALL;
    }
    if (flags == D3DISSUE_BEGIN && !t->begin) {
        util_msg(false, "IDirect3DQuery9::Issue: %s takes only D3DISSUE_END (\"Queries "
                        "(Direct3D 9)\")", t->name);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(dev);
    if (flags == D3DISSUE_BEGIN) {
        occlusion_open(q, true);
        q->status = QUERY_BUILDING;   /* a BEGIN while building restarts */
        q->start = dev->samples_passed;
    } else {
        switch (q->type) {
        case D3DQUERYTYPE_OCCLUSION:
            /* END without BEGIN: an empty pair (no implicit beginning, top comment) */
            q->value = q->status == QUERY_BUILDING ? dev->samples_passed - q->start : 0;
            break;
        case D3DQUERYTYPE_TIMESTAMP:
            q->value = monotonic_ns();
            break;
        default:
            break;
        }
        occlusion_open(q, false);
        q->status = QUERY_SIGNALED;   /* every draw before END has finished */
    }
    d3d9_device_unlock(dev);
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE query_GetData(IDirect3DQuery9 *iface, void *data, DWORD size,
                                               DWORD flags)
{
    struct d3d9_query *q = query_impl(iface);
    const struct query_type *t = query_type(q->type);
    union {
        BOOL b;
        DWORD dw;
        UINT64 u64;
    } out;
    bool building;
    uint64_t value;

    if (flags & ~(DWORD)D3DGETDATA_FLUSH) {
        util_msg(false, "IDirect3DQuery9::GetData: dwGetDataFlags 0x%x is neither 0 nor "
                        "D3DGETDATA_FLUSH", (unsigned)flags);
        return D3DERR_INVALIDCALL;
    }
    if (!data && size) {
        util_msg(false, "IDirect3DQuery9::GetData: pData is NULL with dwSize %u (only dwSize 0 "
                        "may go with NULL)", (unsigned)size);
        return D3DERR_INVALIDCALL;
    }
    if (size && size < t->size) {
        util_msg(false, "IDirect3DQuery9::GetData: dwSize %u is smaller than the %u bytes of %s",
                 (unsigned)size, (unsigned)t->size, t->name);
        return D3DERR_INVALIDCALL;
    }
    d3d9_device_lock(q->life.device);
    building = q->status == QUERY_BUILDING;
    value = q->value;
    d3d9_device_unlock(q->life.device);
    if (building) {
        util_msg(false, "IDirect3DQuery9::GetData: %s is between D3DISSUE_BEGIN and "
                        "D3DISSUE_END (issue D3DISSUE_END first)", t->name);
        return D3DERR_INVALIDCALL;
    }
    if (!size)
        return S_OK;   /* a status poll */
    switch (q->type) {
    case D3DQUERYTYPE_EVENT:
        out.b = TRUE;   /* seed 000 */
        break;
    case D3DQUERYTYPE_OCCLUSION:
        out.dw = value > 0xffffffffu ? 0xffffffffu : (DWORD)value;
        break;
    case D3DQUERYTYPE_TIMESTAMPDISJOINT:
        out.b = FALSE;
        break;
    case D3DQUERYTYPE_TIMESTAMPFREQ:
        out.u64 = D3D9_QUERY_TICKS_PER_SECOND;
        break;
    default:   /* D3DQUERYTYPE_TIMESTAMP */
        out.u64 = value;
        break;
    }
    memcpy(data, &out, t->size);
    return S_OK;
}

static IDirect3DQuery9Vtbl query_vtbl = {
    .QueryInterface = query_QueryInterface,
    .AddRef = query_AddRef,
    .Release = query_Release,
    .GetDevice = query_GetDevice,
    .GetType = query_GetType,
    .GetDataSize = query_GetDataSize,
    .Issue = query_Issue,
    .GetData = query_GetData,
};

/* ---- CreateQuery ----------------------------------------------------------------------------- */

static HRESULT STDMETHODCALLTYPE device_CreateQuery(IDirect3DDevice9 *iface, D3DQUERYTYPE type,
                                                    IDirect3DQuery9 **out)
{
    struct d3d9_device *dev = d3d9_device_from_iface(iface);
    const struct query_type *t = query_type(type);
    struct d3d9_query *q;

    if (out)
        *out = NULL;
    if (!t) {
        util_msg(false, "CreateQuery: query type %u is not supported (softd3d answers EVENT, "
                        "OCCLUSION and the TIMESTAMP types)", (unsigned)type);
        return D3DERR_NOTAVAILABLE;
    }
    if (type == D3DQUERYTYPE_OCCLUSION &&
        core_level_from_caps(&dev->profile->caps, NULL, 0) < CORE_LEVEL_9_2) {
        util_msg(false, "CreateQuery: D3DQUERYTYPE_OCCLUSION needs a 9_2 device (seed 000); "
                        "profile %s reaches only 9_1", dev->profile->name);
        return D3DERR_NOTAVAILABLE;
    }
    if (!out)
        return D3D_OK;   /* a support check */
    if (!(q = calloc(1, sizeof(*q)))) {
        util_msg(false, "CreateQuery: out of memory");
        return E_OUTOFMEMORY;
    }
    q->iface.lpVtbl = &query_vtbl;
    q->type = type;
    q->status = QUERY_SIGNALED;
    d3d9_life_init(&q->life, dev, query_destroy, false, false);
    *out = &q->iface;
    return D3D_OK;
}

void d3d9_query_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    comgen_fill_IDirect3DQuery9(&query_vtbl);
    v->CreateQuery = device_CreateQuery;
}
