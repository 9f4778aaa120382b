/* tests/test_d3d9_query.c — IDirect3DDevice9::CreateQuery and IDirect3DQuery9 (src/d3d9/query.c):
 * which types exist on which profile, the object's methods, the Issue and GetData rules, event
 * queries (seed 000: always TRUE), exact occlusion counts for known rectangles with the depth and
 * stencil tests passing and failing, and the timestamp queries. */
#include "test_d3d9_render_util.h"

#define W 64
#define H 64

/* A rectangle [x0, x1) x [y0, y1) at depth z (pre-transformed, D3D9 pixel centres). */
static void rect_z(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1, float z)
{
    const D3DCOLOR c = 0xffff0000;
    struct r9_tl v[4] = {
        { x0 - 0.5f, y0 - 0.5f, z, 1.0f, c }, { x1 - 0.5f, y0 - 0.5f, z, 1.0f, c },
        { x0 - 0.5f, y1 - 0.5f, z, 1.0f, c }, { x1 - 0.5f, y1 - 0.5f, z, 1.0f, c },
    };
    CHECK_HR(IDirect3DDevice9_SetFVF(dev, R9_TL_FVF), D3D_OK);
    CHECK_HR(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])),
             D3D_OK);
}

static DWORD occlusion_result(IDirect3DQuery9 *q)
{
    DWORD n = 0xdeadbeef;
    CHECK_HR(IDirect3DQuery9_GetData(q, &n, sizeof(n), D3DGETDATA_FLUSH), S_OK);
    return n;
}

/* CreateQuery: the answered types, the support check with ppQuery NULL, D3DERR_NOTAVAILABLE for
 * the rest; occlusion from 9_2 (seed 000 places it there, as the D3D11 front-end does). */
TEST(d3d9_query_create)
{
    static const D3DQUERYTYPE ok[] = { D3DQUERYTYPE_EVENT, D3DQUERYTYPE_OCCLUSION,
                                       D3DQUERYTYPE_TIMESTAMP, D3DQUERYTYPE_TIMESTAMPDISJOINT,
                                       D3DQUERYTYPE_TIMESTAMPFREQ };
    static const DWORD sizes[] = { sizeof(BOOL), sizeof(DWORD), sizeof(UINT64), sizeof(BOOL),
                                   sizeof(UINT64) };
    static const DWORD refused[] = { 0, 1, 3, D3DQUERYTYPE_VCACHE, D3DQUERYTYPE_RESOURCEMANAGER,
                                     D3DQUERYTYPE_VERTEXSTATS, 7, D3DQUERYTYPE_PIPELINETIMINGS,
                                     D3DQUERYTYPE_PIXELTIMINGS, D3DQUERYTYPE_CACHEUTILIZATION,
                                     D3DQUERYTYPE_MEMORYPRESSURE, 20, 0xffffffffu };
    IDirect3DDevice9 *dev = t9_device(NULL), *got = NULL;
    IDirect3DQuery9 *q = (IDirect3DQuery9 *)&q;
    if (!dev)
        SKIP("no device");
    for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
        CHECK_HR(IDirect3DDevice9_CreateQuery(dev, ok[i], NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateQuery(dev, ok[i], &q), D3D_OK);
        if (!q)
            continue;
        CHECK_EQ(IDirect3DQuery9_GetType(q), ok[i]);
        CHECK_EQ(IDirect3DQuery9_GetDataSize(q), sizes[i]);
        CHECK_EQ(t9_refcount(q), 1);
        CHECK_EQ(t9_refcount(dev), 2);   /* the query holds its device */
        CHECK_HR(IDirect3DQuery9_GetDevice(q, &got), D3D_OK);
        CHECK(got == dev);
        if (got)
            IDirect3DDevice9_Release(got);
        CHECK_HR(IDirect3DQuery9_GetDevice(q, NULL), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DQuery9_QueryInterface(q, &IID_IDirect3DResource9, (void **)&got),
                 E_NOINTERFACE);
        CHECK_EQ(IDirect3DQuery9_Release(q), 0);
        CHECK_EQ(t9_refcount(dev), 1);
    }
    for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
        q = (IDirect3DQuery9 *)&q;
        CHECK_HR(IDirect3DDevice9_CreateQuery(dev, (D3DQUERYTYPE)refused[i], &q),
                 D3DERR_NOTAVAILABLE);
        CHECK(q == NULL);
        CHECK_HR(IDirect3DDevice9_CreateQuery(dev, (D3DQUERYTYPE)refused[i], NULL),
                 D3DERR_NOTAVAILABLE);
    }
    T9_RELEASE_DEVICE(dev);

    for (int p = 0; p < 4; p++) {
        bool has_occlusion = p > 0;
        dev = t9_device(t9_profiles[p]);
        if (!dev)
            continue;
        CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_OCCLUSION, NULL),
                 has_occlusion ? D3D_OK : D3DERR_NOTAVAILABLE);
        if (!has_occlusion)
            CHECK_STR_CONTAINS(R9_LAST, "9_2");
        CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_EVENT, NULL), D3D_OK);
        CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_TIMESTAMP, NULL), D3D_OK);
        T9_RELEASE_DEVICE(dev);
    }
}

/* Issue: BEGIN only where "Queries (Direct3D 9)" lists it; flags exactly BEGIN or END. */
TEST(d3d9_query_issue_rules)
{
    static const D3DQUERYTYPE end_only[] = { D3DQUERYTYPE_EVENT, D3DQUERYTYPE_TIMESTAMP,
                                             D3DQUERYTYPE_TIMESTAMPFREQ };
    static const D3DQUERYTYPE begin_end[] = { D3DQUERYTYPE_OCCLUSION,
                                              D3DQUERYTYPE_TIMESTAMPDISJOINT };
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DQuery9 *q = NULL;
    if (!dev)
        SKIP("no device");
    for (size_t i = 0; i < 3; i++) {
        CHECK_HR(IDirect3DDevice9_CreateQuery(dev, end_only[i], &q), D3D_OK);
        if (!q)
            continue;
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3DERR_INVALIDCALL);
        CHECK_STR_CONTAINS(R9_LAST, "only D3DISSUE_END");
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
        IDirect3DQuery9_Release(q);
    }
    for (size_t i = 0; i < 2; i++) {
        CHECK_HR(IDirect3DDevice9_CreateQuery(dev, begin_end[i], &q), D3D_OK);
        if (!q)
            continue;
        CHECK_HR(IDirect3DQuery9_Issue(q, 0), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN | D3DISSUE_END), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DQuery9_Issue(q, 4), D3DERR_INVALIDCALL);
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);   /* restarts */
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
        CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
        IDirect3DQuery9_Release(q);
    }
    T9_RELEASE_DEVICE(dev);
}

/* GetData: flags, NULL data, buffer size, polling, the building state; the event query is
 * TRUE once reached (seed 000), also before it was ever issued (a new query is signaled). */
TEST(d3d9_query_getdata_rules_and_event)
{
    IDirect3DDevice9 *dev = t9_device(NULL);
    IDirect3DQuery9 *ev = NULL, *occ = NULL;
    unsigned char buf[16];
    BOOL b = 7;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_EVENT, &ev), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_OCCLUSION, &occ), D3D_OK);
    if (!ev || !occ)
        SKIP("no query");
    CHECK_HR(IDirect3DQuery9_GetData(ev, &b, sizeof(b), 0), S_OK);
    CHECK_EQ(b, TRUE);
    CHECK_HR(IDirect3DQuery9_Issue(ev, D3DISSUE_END), D3D_OK);
    CHECK_HR(IDirect3DQuery9_GetData(ev, NULL, 0, D3DGETDATA_FLUSH), S_OK);   /* a poll */
    CHECK_HR(IDirect3DQuery9_GetData(ev, NULL, 0, 0), S_OK);
    b = 7;
    CHECK_HR(IDirect3DQuery9_GetData(ev, &b, sizeof(b), D3DGETDATA_FLUSH), S_OK);
    CHECK_EQ(b, TRUE);
    /* Refusals leave the buffer alone. */
    b = 7;
    CHECK_HR(IDirect3DQuery9_GetData(ev, &b, sizeof(b), 2), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "D3DGETDATA_FLUSH");
    CHECK_HR(IDirect3DQuery9_GetData(ev, &b, sizeof(b), 0xffffffffu), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DQuery9_GetData(ev, NULL, sizeof(b), 0), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "pData is NULL");
    CHECK_HR(IDirect3DQuery9_GetData(ev, &b, 1, 0), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "smaller");
    CHECK_EQ(b, 7);
    /* A larger buffer receives the result's bytes only. */
    memset(buf, 0xcc, sizeof(buf));
    CHECK_HR(IDirect3DQuery9_GetData(ev, buf, sizeof(buf), 0), S_OK);
    memcpy(&b, buf, sizeof(b));
    CHECK_EQ(b, TRUE);
    CHECK_EQ(buf[sizeof(BOOL)], 0xcc);
    CHECK_EQ(buf[sizeof(buf) - 1], 0xcc);

    /* Between BEGIN and END no result exists. */
    CHECK_HR(IDirect3DQuery9_Issue(occ, D3DISSUE_BEGIN), D3D_OK);
    CHECK_HR(IDirect3DQuery9_GetData(occ, buf, sizeof(DWORD), 0), D3DERR_INVALIDCALL);
    CHECK_STR_CONTAINS(R9_LAST, "between D3DISSUE_BEGIN and D3DISSUE_END");
    CHECK_HR(IDirect3DQuery9_GetData(occ, NULL, 0, D3DGETDATA_FLUSH), D3DERR_INVALIDCALL);
    CHECK_HR(IDirect3DQuery9_Issue(occ, D3DISSUE_END), D3D_OK);
    CHECK_HR(IDirect3DQuery9_GetData(occ, NULL, 0, D3DGETDATA_FLUSH), S_OK);
    CHECK_EQ(occlusion_result(occ), 0);
    CHECK_HR(IDirect3DQuery9_GetData(occ, buf, 2, 0), D3DERR_INVALIDCALL);
    IDirect3DQuery9_Release(ev);
    IDirect3DQuery9_Release(occ);
    T9_RELEASE_DEVICE(dev);
}

/* Occlusion: the exact number of samples that passed depth and stencil between BEGIN and END.
 * The depth buffer is cleared to 0.5; a 10 x 8 rectangle at z 0.25 passes LESS (80 samples), at
 * z 0.75 fails (0).  Draws outside BEGIN/END do not count; Clear is no draw. */
TEST(d3d9_query_occlusion_counts)
{
    IDirect3DDevice9 *dev = r9_device(W, H);
    IDirect3DQuery9 *q = NULL, *q2 = NULL;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_OCCLUSION, &q), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_OCCLUSION, &q2), D3D_OK);
    if (!q || !q2)
        SKIP("no query");
    CHECK_HR(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER |
                                    D3DCLEAR_STENCIL, 0, 0.5f, 0), D3D_OK);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZWRITEENABLE, FALSE);

    /* Depth test passes everywhere: 10 x 8. */
    rect_z(dev, 3, 5, 3 + 10, 5 + 8, 0.25f);   /* before BEGIN: not counted */
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
    rect_z(dev, 3, 5, 3 + 10, 5 + 8, 0.25f);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
    rect_z(dev, 3, 5, 3 + 10, 5 + 8, 0.25f);   /* after END: not counted */
    CHECK_EQ(occlusion_result(q), 80);

    /* Depth test fails everywhere: 0 (fully occluded). */
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
    rect_z(dev, 3, 5, 3 + 10, 5 + 8, 0.75f);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
    CHECK_EQ(occlusion_result(q), 0);

    /* Half passes: depth 0.5 left of x = 20 and 0.0 to its right (a Clear with a rectangle);
     * a 30 x 4 rectangle at z 0.25 from x = 10 passes on x 10..19 only: 40.  A second query
     * nested over part of it counts its own draws. */
    D3DRECT right = { 20, 0, W, H };
    CHECK_HR(IDirect3DDevice9_Clear(dev, 1, &right, D3DCLEAR_ZBUFFER, 0, 0.0f, 0), D3D_OK);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
    rect_z(dev, 10, 20, 40, 24, 0.25f);
    CHECK_HR(IDirect3DQuery9_Issue(q2, D3DISSUE_BEGIN), D3D_OK);
    rect_z(dev, 0, 30, 5, 33, 0.25f);          /* 15 samples, counted by both */
    CHECK_HR(IDirect3DQuery9_Issue(q2, D3DISSUE_END), D3D_OK);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
    CHECK_EQ(occlusion_result(q), 40 + 15);
    CHECK_EQ(occlusion_result(q2), 15);

    /* The depth test off: every covered sample passes (32 x 32 = 1024). */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
    rect_z(dev, 0, 0, 32, 32, 0.75f);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
    CHECK_EQ(occlusion_result(q), 1024);

    /* A failing stencil test stops them: stencil is 0, the test asks EQUAL 1. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILFUNC, D3DCMP_EQUAL);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILREF, 1);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
    rect_z(dev, 0, 0, 32, 32, 0.75f);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
    CHECK_EQ(occlusion_result(q), 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILREF, 0);   /* now EQUAL 0 passes */
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
    rect_z(dev, 0, 0, 32, 32, 0.75f);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
    CHECK_EQ(occlusion_result(q), 1024);

    /* A BEGIN while building restarts the count; END without BEGIN is an empty pair. */
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
    rect_z(dev, 0, 0, 32, 32, 0.75f);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN), D3D_OK);
    rect_z(dev, 0, 0, 2, 3, 0.75f);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
    CHECK_EQ(occlusion_result(q), 6);
    rect_z(dev, 0, 0, 2, 3, 0.75f);
    CHECK_HR(IDirect3DQuery9_Issue(q, D3DISSUE_END), D3D_OK);
    CHECK_EQ(occlusion_result(q), 0);

    IDirect3DQuery9_Release(q);
    IDirect3DQuery9_Release(q2);
    r9_end(dev);
}

/* The timestamp queries: TIMESTAMP never goes back, counts at TIMESTAMPFREQ (ns), and
 * TIMESTAMPDISJOINT reports FALSE. */
TEST(d3d9_query_timestamps)
{
    IDirect3DDevice9 *dev = t9_device("9_1");
    IDirect3DQuery9 *ts = NULL, *freq = NULL, *dis = NULL;
    UINT64 t0 = 0, t1 = 0, f = 0;
    BOOL d = 7;
    if (!dev)
        SKIP("no device");
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_TIMESTAMP, &ts), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_TIMESTAMPFREQ, &freq), D3D_OK);
    CHECK_HR(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_TIMESTAMPDISJOINT, &dis), D3D_OK);
    if (!ts || !freq || !dis)
        SKIP("no query");
    CHECK_HR(IDirect3DQuery9_Issue(dis, D3DISSUE_BEGIN), D3D_OK);
    CHECK_HR(IDirect3DQuery9_Issue(ts, D3DISSUE_END), D3D_OK);
    CHECK_HR(IDirect3DQuery9_GetData(ts, &t0, sizeof(t0), D3DGETDATA_FLUSH), S_OK);
    CHECK_HR(IDirect3DQuery9_Issue(ts, D3DISSUE_END), D3D_OK);
    CHECK_HR(IDirect3DQuery9_GetData(ts, &t1, sizeof(t1), D3DGETDATA_FLUSH), S_OK);
    CHECK(t0 > 0);
    CHECK(t1 >= t0);
    CHECK_HR(IDirect3DQuery9_Issue(dis, D3DISSUE_END), D3D_OK);
    CHECK_HR(IDirect3DQuery9_GetData(dis, &d, sizeof(d), D3DGETDATA_FLUSH), S_OK);
    CHECK_EQ(d, FALSE);
    CHECK_HR(IDirect3DQuery9_Issue(freq, D3DISSUE_END), D3D_OK);
    CHECK_HR(IDirect3DQuery9_GetData(freq, &f, sizeof(f), D3DGETDATA_FLUSH), S_OK);
    CHECK_EQ(f, 1000000000u);
    CHECK_HR(IDirect3DQuery9_GetData(ts, &t1, sizeof(DWORD), 0), D3DERR_INVALIDCALL);
    IDirect3DQuery9_Release(ts);
    IDirect3DQuery9_Release(freq);
    IDirect3DQuery9_Release(dis);
    T9_RELEASE_DEVICE(dev);
}
