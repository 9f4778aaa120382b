/* tests/test_d3d11_query.c — CreateQuery, CreatePredicate, CreateCounter, CheckCounterInfo,
 * CheckCounter (src/d3d11/query.c): the seed-004 rows at 9_1, 9_2 and 9_3 (tests named
 * seed004_<method>_<rule>_<level>), the general rules, and the query object (GetDesc,
 * GetDataSize, QueryInterface, reference counts). */
#define COBJMACROS
#include "harness.h"

#include "d3d11_2.h"
#include "d3d11/d3d11_state.h"
#include "util/log.h"

static const D3D_FEATURE_LEVEL L91 = D3D_FEATURE_LEVEL_9_1, L92 = D3D_FEATURE_LEVEL_9_2,
                               L93 = D3D_FEATURE_LEVEL_9_3;

static ID3D11Device *device_at(D3D_FEATURE_LEVEL level)
{
    ID3D11Device *dev = NULL;
    HRESULT hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                                   D3D11_SDK_VERSION, &dev, NULL, NULL);
    CHECK_HR(hr, S_OK);
    return SUCCEEDED(hr) ? dev : NULL;
}

static const char *level_str(D3D_FEATURE_LEVEL l)
{
    return l == L91 ? "9_1" : l == L92 ? "9_2" : "9_3";
}

#define PER_LEVEL(row)                                                                        \
    static void row(D3D_FEATURE_LEVEL level);                                                 \
    TEST(row##_9_1) { row(L91); }                                                             \
    TEST(row##_9_2) { row(L92); }                                                             \
    TEST(row##_9_3) { row(L93); }                                                             \
    static void row(D3D_FEATURE_LEVEL level)

#define WITH_DEVICE(dev, level)                                                               \
    ID3D11Device *dev = device_at(level);                                                     \
    if (!dev)                                                                                 \
        return

/* Creates a query that must succeed: checks GetDesc, GetDataSize, the interfaces, and releases
 * it (expecting 0). */
static void expect_query_ok(ID3D11Device *dev, D3D11_QUERY type, UINT data_size)
{
    D3D11_QUERY_DESC desc = { type, 0 }, got = { 0, 0 };
    ID3D11Query *q = NULL;
    ID3D11Asynchronous *async = NULL;
    ID3D11Predicate *pred = (ID3D11Predicate *)(uintptr_t)1;
    ID3D11Device *owner = NULL;

    CHECK_HR(ID3D11Device_CreateQuery(dev, &desc, &q), S_OK);
    if (!q)
        return;
    ID3D11Query_GetDesc(q, &got);
    CHECK_EQ(got.Query, type);
    CHECK_EQ(got.MiscFlags, 0);
    CHECK_EQ(ID3D11Query_GetDataSize(q), data_size);
    CHECK_HR(ID3D11Query_QueryInterface(q, &IID_ID3D11Asynchronous, (void **)&async), S_OK);
    CHECK((void *)async == (void *)q);
    if (async) {
        CHECK_EQ(ID3D11Asynchronous_GetDataSize(async), data_size);
        CHECK(d3d11_query_desc(async) != NULL && d3d11_query_desc(async)->Query == type);
        ID3D11Asynchronous_Release(async);
    }
    /* not a predicate type: no ID3D11Predicate */
    CHECK_HR(ID3D11Query_QueryInterface(q, &IID_ID3D11Predicate, (void **)&pred), E_NOINTERFACE);
    CHECK(pred == NULL);
    ID3D11Query_GetDevice(q, &owner);
    CHECK(owner == dev);
    if (owner)
        ID3D11Device_Release(owner);
    CHECK_EQ(ID3D11Query_Release(q), 0);
}

static void expect_query_refused(ID3D11Device *dev, D3D11_QUERY type, const char *needle)
{
    D3D11_QUERY_DESC desc = { type, 0 };
    ID3D11Query *q = (ID3D11Query *)(uintptr_t)1;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateQuery(dev, &desc, &q), E_INVALIDARG);
    CHECK(q == NULL);
    if (needle)
        CHECK_STR_CONTAINS(util_last_message(), needle);
    /* a NULL out-pointer validates only: the same answer */
    CHECK_HR(ID3D11Device_CreateQuery(dev, &desc, NULL), E_INVALIDARG);
}

/* =============================================================================================
 * CreateQuery — seed 004: event at every level; occlusion from 9_2; timestamp optional
 * (softd3d supports it at every level); nothing else at 9_x.
 * =========================================================================================== */

PER_LEVEL(seed004_CreateQuery_event)
{
    WITH_DEVICE(dev, level);
    D3D11_QUERY_DESC desc = { D3D11_QUERY_EVENT, 0 };
    expect_query_ok(dev, D3D11_QUERY_EVENT, sizeof(BOOL));
    CHECK_HR(ID3D11Device_CreateQuery(dev, &desc, NULL), S_FALSE);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateQuery_occlusion)
{
    WITH_DEVICE(dev, level);
    if (level == L91) {
        expect_query_refused(dev, D3D11_QUERY_OCCLUSION,
                             "CreateQuery: D3D11_QUERY_OCCLUSION is not supported at feature "
                             "level 9_1 (occlusion queries are supported from feature level 9_2 "
                             "(seed 004))");
    } else {
        expect_query_ok(dev, D3D11_QUERY_OCCLUSION, sizeof(UINT64));
    }
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateQuery_timestamp)
{
    WITH_DEVICE(dev, level);
    expect_query_ok(dev, D3D11_QUERY_TIMESTAMP, sizeof(UINT64));
    expect_query_ok(dev, D3D11_QUERY_TIMESTAMP_DISJOINT,
                    sizeof(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT));
    CHECK_EQ(sizeof(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT), 16);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateQuery_other_types_refused)
{
    WITH_DEVICE(dev, level);
    char want[96];
    snprintf(want, sizeof(want), "D3D11_QUERY_PIPELINE_STATISTICS is not supported at feature "
             "level %s", level_str(level));
    expect_query_refused(dev, D3D11_QUERY_PIPELINE_STATISTICS, want);
    CHECK_STR_CONTAINS(util_last_message(), "(seed 004)");
    expect_query_refused(dev, D3D11_QUERY_OCCLUSION_PREDICATE,
                         "predicates are not supported at any 9_x level");
    for (D3D11_QUERY q = D3D11_QUERY_SO_STATISTICS; q <= D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3;
         q++)
        expect_query_refused(dev, q, "is not supported at feature level");
    expect_query_refused(dev, D3D11_QUERY_SO_STATISTICS_STREAM2, "stream output");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* =============================================================================================
 * CreatePredicate, CreateCounter, CheckCounter(Info) — seed 004.
 * =========================================================================================== */

PER_LEVEL(seed004_CreatePredicate_not_supported)
{
    WITH_DEVICE(dev, level);
    static const D3D11_QUERY preds[] = { D3D11_QUERY_OCCLUSION_PREDICATE,
                                         D3D11_QUERY_SO_OVERFLOW_PREDICATE,
                                         D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3 };
    char want[96];
    for (size_t i = 0; i < sizeof(preds) / sizeof(preds[0]); i++) {
        D3D11_QUERY_DESC desc = { preds[i], D3D11_QUERY_MISC_PREDICATEHINT };
        ID3D11Predicate *p = (ID3D11Predicate *)(uintptr_t)1;
        util_clear_last_message();
        CHECK_HR(ID3D11Device_CreatePredicate(dev, &desc, &p), E_INVALIDARG);
        CHECK(p == NULL);
        snprintf(want, sizeof(want), "CreatePredicate: predicates are not supported at feature "
                 "level %s (seed 004)", level_str(level));
        CHECK_STR_CONTAINS(util_last_message(), want);
    }
    /* a non-predicate type is refused by the general rule */
    D3D11_QUERY_DESC desc = { D3D11_QUERY_EVENT, 0 };
    ID3D11Predicate *p = (ID3D11Predicate *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreatePredicate(dev, &desc, &p), E_INVALIDARG);
    CHECK(p == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "D3D11_QUERY_EVENT is not a predicate type");
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

PER_LEVEL(seed004_CreateCounter_not_supported)
{
    WITH_DEVICE(dev, level);
    D3D11_COUNTER_DESC desc = { D3D11_COUNTER_DEVICE_DEPENDENT_0, 0 };
    ID3D11Counter *c = (ID3D11Counter *)(uintptr_t)1;
    char want[96];
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateCounter(dev, &desc, &c), E_INVALIDARG);
    CHECK(c == NULL);
    snprintf(want, sizeof(want), "CreateCounter: counters are not supported at feature level %s "
             "(seed 004)", level_str(level));
    CHECK_STR_CONTAINS(util_last_message(), want);
    c = (ID3D11Counter *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateCounter(dev, NULL, &c), E_INVALIDARG);
    CHECK(c == NULL);
    CHECK_HR(ID3D11Device_CreateCounter(dev, &desc, NULL), E_INVALIDARG);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* seed 004: device-dependent counters are optional; softd3d has none, and says so. */
PER_LEVEL(seed004_CheckCounter_no_device_dependent_counters)
{
    WITH_DEVICE(dev, level);
    D3D11_COUNTER_INFO info;
    D3D11_COUNTER_DESC desc = { D3D11_COUNTER_DEVICE_DEPENDENT_0, 0 };
    D3D11_COUNTER_TYPE type = (D3D11_COUNTER_TYPE)77;
    UINT active = 77, name_len = 0, units_len = 0, desc_len = 0;

    memset(&info, 0xcc, sizeof(info));
    ID3D11Device_CheckCounterInfo(dev, &info);
    CHECK_EQ(info.LastDeviceDependentCounter, 0);
    CHECK_EQ(info.NumSimultaneousCounters, 0);
    CHECK_EQ(info.NumDetectableParallelUnits, 0);
    ID3D11Device_CheckCounterInfo(dev, NULL);   /* must not crash */

    util_clear_last_message();
    CHECK_HR(ID3D11Device_CheckCounter(dev, &desc, &type, &active, NULL, &name_len, NULL,
                                       &units_len, NULL, &desc_len), E_INVALIDARG);
    CHECK_STR_CONTAINS(util_last_message(), "CheckCounter: counter 0x40000000 is not supported");
    CHECK_EQ(type, 77);   /* outputs untouched on failure */
    CHECK_EQ(active, 77);
    desc.Counter = (D3D11_COUNTER)0;
    CHECK_HR(ID3D11Device_CheckCounter(dev, &desc, &type, &active, NULL, NULL, NULL, NULL, NULL,
                                       NULL), E_INVALIDARG);
    CHECK_HR(ID3D11Device_CheckCounter(dev, NULL, &type, &active, NULL, NULL, NULL, NULL, NULL,
                                       NULL), E_INVALIDARG);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* =============================================================================================
 * General rules and the object.
 * =========================================================================================== */

TEST(d3d11_query_general_rules)
{
    WITH_DEVICE(dev, L93);
    D3D11_QUERY_DESC desc = { (D3D11_QUERY)16, 0 };
    ID3D11Query *q = (ID3D11Query *)(uintptr_t)1;
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateQuery(dev, &desc, &q), E_INVALIDARG);
    CHECK(q == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "CreateQuery: Query 16 is not a D3D11_QUERY value");
    desc.Query = D3D11_QUERY_EVENT;
    desc.MiscFlags = 0x2;
    q = (ID3D11Query *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateQuery(dev, &desc, &q), E_INVALIDARG);
    CHECK(q == NULL);
    CHECK_STR_CONTAINS(util_last_message(), "MiscFlags 0x2 has bits other than");
    q = (ID3D11Query *)(uintptr_t)1;
    CHECK_HR(ID3D11Device_CreateQuery(dev, NULL, &q), E_INVALIDARG);
    CHECK(q == NULL);

    /* queries are not de-duplicated: each call makes its own object */
    ID3D11Query *a = NULL, *b = NULL;
    desc.MiscFlags = 0;
    CHECK_HR(ID3D11Device_CreateQuery(dev, &desc, &a), S_OK);
    CHECK_HR(ID3D11Device_CreateQuery(dev, &desc, &b), S_OK);
    CHECK(a && b && a != b);
    if (a) {
        ID3D11DeviceChild *child = NULL;
        IUnknown *unk = NULL;
        CHECK_HR(ID3D11Query_QueryInterface(a, &IID_ID3D11DeviceChild, (void **)&child), S_OK);
        CHECK_HR(ID3D11Query_QueryInterface(a, &IID_IUnknown, (void **)&unk), S_OK);
        CHECK_EQ(ID3D11Query_AddRef(a), 4);
        if (child)
            CHECK_EQ(ID3D11DeviceChild_Release(child), 3);
        if (unk)
            IUnknown_Release(unk);
        ID3D11Query_Release(a);
        CHECK_EQ(ID3D11Query_Release(a), 0);
    }
    if (b)
        CHECK_EQ(ID3D11Query_Release(b), 0);
    CHECK(d3d11_query_desc(NULL) == NULL);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* The documented GetData sizes (D3D11_QUERY reference page), for every type. */
TEST(d3d11_query_data_sizes)
{
    CHECK_EQ(d3d11_query_data_size(D3D11_QUERY_EVENT), sizeof(BOOL));
    CHECK_EQ(d3d11_query_data_size(D3D11_QUERY_OCCLUSION), sizeof(UINT64));
    CHECK_EQ(d3d11_query_data_size(D3D11_QUERY_TIMESTAMP), sizeof(UINT64));
    CHECK_EQ(d3d11_query_data_size(D3D11_QUERY_TIMESTAMP_DISJOINT), 16);
    CHECK_EQ(d3d11_query_data_size(D3D11_QUERY_PIPELINE_STATISTICS), 88);
    CHECK_EQ(d3d11_query_data_size(D3D11_QUERY_OCCLUSION_PREDICATE), sizeof(BOOL));
    for (D3D11_QUERY q = D3D11_QUERY_SO_STATISTICS; q <= D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3;
         q++)
        CHECK_EQ(d3d11_query_data_size(q), (q - D3D11_QUERY_SO_STATISTICS) % 2 ? 4 : 16);
    CHECK_EQ(d3d11_query_data_size((D3D11_QUERY)16), 0);
}

/* The validators are functions of the level: at 10_0 the predicate and statistics types pass. */
TEST(d3d11_query_validators_above_9_3)
{
    D3D11_QUERY_DESC d = { D3D11_QUERY_OCCLUSION_PREDICATE, D3D11_QUERY_MISC_PREDICATEHINT };
    char msg[256];
    CHECK_HR(d3d11_validate_query_desc("CreatePredicate", &d, D3D_FEATURE_LEVEL_10_0, msg,
                                       sizeof(msg)), S_OK);
    CHECK_HR(d3d11_validate_query_desc("CreateQuery", &d, D3D_FEATURE_LEVEL_10_0, msg,
                                       sizeof(msg)), S_OK);
    d.Query = D3D11_QUERY_PIPELINE_STATISTICS;
    d.MiscFlags = 0;
    CHECK_HR(d3d11_validate_query_desc("CreateQuery", &d, D3D_FEATURE_LEVEL_10_0, NULL, 0), S_OK);
    CHECK_HR(d3d11_validate_query_desc("CreateQuery", &d, D3D_FEATURE_LEVEL_9_3, NULL, 0),
             E_INVALIDARG);
}
