/* tests/test_d3d11_multithread.c — ID3D11Multithread (src/d3d11/multithread.c): where it is
 * offered, its flag, Enter/Leave as a recursive critical section that excludes other threads,
 * protection making every immediate-context call wait for that section (and only then), and
 * several threads sharing one protected immediate context.  Also: the d3d11_3.h / d3d11_4.h
 * interfaces that are declared but not offered answer E_NOINTERFACE. */
#include "test_d3d11_context_util.h"   /* first: it defines COBJMACROS */

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

#include "d3d11_4.h"

static ID3D11Multithread *mt_of(ID3D11DeviceContext *ctx)
{
    ID3D11Multithread *mt = NULL;
    CHECK_HR(ID3D11DeviceContext_QueryInterface(ctx, &IID_ID3D11Multithread, (void **)&mt), S_OK);
    CHECK(mt != NULL);
    return mt;
}

static void sleep_ms(int ms)
{
    struct timespec ts = { 0, ms * 1000000L };
    nanosleep(&ts, NULL);
}

TEST(d3d11_multithread_offered)
{
    ID3D11DeviceContext *ctx, *deferred = NULL, *back = NULL;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &ctx);
    ID3D11Multithread *mt = mt_of(ctx), *from_dev = NULL;
    void *p = (void *)1;

    /* The device answers it too, with the same object (one critical section per device). */
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Multithread, (void **)&from_dev), S_OK);
    CHECK(from_dev == mt);
    /* Back to the context it belongs to. */
    CHECK_HR(ID3D11Multithread_QueryInterface(mt, &IID_ID3D11DeviceContext, (void **)&back), S_OK);
    CHECK(back == ctx);
    ID3D11DeviceContext_Release(back);

    /* A deferred context has no critical section to offer. */
    CHECK_HR(ID3D11Device_CreateDeferredContext(dev, 0, &deferred), S_OK);
    CHECK_HR(ID3D11DeviceContext_QueryInterface(deferred, &IID_ID3D11Multithread, &p),
             E_NOINTERFACE);
    CHECK(p == NULL);
    ID3D11DeviceContext_Release(deferred);

    /* Declared in d3d11_3.h / d3d11_4.h, not implemented: not offered. */
    p = (void *)1;
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Device3, &p), E_NOINTERFACE);
    CHECK(p == NULL);
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Device4, &p), E_NOINTERFACE);
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Device5, &p), E_NOINTERFACE);
    CHECK_HR(ID3D11DeviceContext_QueryInterface(ctx, &IID_ID3D11DeviceContext3, &p),
             E_NOINTERFACE);
    CHECK_HR(ID3D11DeviceContext_QueryInterface(ctx, &IID_ID3D11DeviceContext4, &p),
             E_NOINTERFACE);
    CHECK(p == NULL);

    /* It holds the context (and so the device) like any context reference: released last, the
     * device goes with it. */
    ID3D11Multithread_Release(from_dev);
    ID3D11DeviceContext_Release(ctx);
    CHECK_EQ(ID3D11Device_Release(dev), 1);   /* the Multithread's context holds the device */
    ID3D11Multithread_Enter(mt);
    ID3D11Multithread_Leave(mt);
    CHECK_EQ(ID3D11Multithread_Release(mt), 0);
}

TEST(d3d11_multithread_flag)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_1, &ctx);
    ID3D11Multithread *mt = mt_of(ctx);

    CHECK_EQ(ID3D11Multithread_GetMultithreadProtected(mt), FALSE);   /* documented default */
    /* SetMultithreadProtected returns whether protection was on before. */
    CHECK_EQ(ID3D11Multithread_SetMultithreadProtected(mt, TRUE), FALSE);
    CHECK_EQ(ID3D11Multithread_GetMultithreadProtected(mt), TRUE);
    CHECK_EQ(ID3D11Multithread_SetMultithreadProtected(mt, 7), TRUE);   /* any non-zero BOOL */
    CHECK_EQ(ID3D11Multithread_GetMultithreadProtected(mt), TRUE);
    CHECK_EQ(ID3D11Multithread_SetMultithreadProtected(mt, FALSE), TRUE);
    CHECK_EQ(ID3D11Multithread_SetMultithreadProtected(mt, FALSE), FALSE);
    CHECK_EQ(ID3D11Multithread_GetMultithreadProtected(mt), FALSE);

    /* Leave without Enter: refused with a message, and the section still works after it. */
    util_clear_last_message();
    ID3D11Multithread_Leave(mt);
    CHECK_STR_CONTAINS(LAST, "ID3D11Multithread::Leave");
    ID3D11Multithread_Enter(mt);
    ID3D11Multithread_Leave(mt);

    ID3D11Multithread_Release(mt);
    ctx_done(dev, ctx);
}

/* ---- threads ---- */

struct probe {
    ID3D11Multithread *mt;
    ID3D11DeviceContext *ctx;
    atomic_int done;
};

static void *enter_leave(void *arg)
{
    struct probe *p = arg;
    ID3D11Multithread_Enter(p->mt);
    atomic_store(&p->done, 1);
    ID3D11Multithread_Leave(p->mt);
    return NULL;
}

static void *set_topology(void *arg)
{
    struct probe *p = arg;
    ID3D11DeviceContext_IASetPrimitiveTopology(p->ctx, D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
    atomic_store(&p->done, 1);
    return NULL;
}

/* Runs `fn` on a thread while this thread is inside the section (entered twice: it nests);
 * returns whether the thread finished before this one left.  It waits up to `wait_ms` for the
 * thread (a thread that must not finish gets 100 ms; one that must gets seconds, so a loaded
 * machine cannot fail the test). */
static int finished_while_held(struct probe *p, void *(*fn)(void *), int wait_ms)
{
    pthread_t t;
    int early;
    atomic_store(&p->done, 0);
    ID3D11Multithread_Enter(p->mt);
    ID3D11Multithread_Enter(p->mt);
    CHECK_EQ(pthread_create(&t, NULL, fn, p), 0);
    for (int waited = 0; waited < wait_ms && !atomic_load(&p->done); waited += 5)
        sleep_ms(5);
    early = atomic_load(&p->done);
    ID3D11Multithread_Leave(p->mt);
    sleep_ms(20);
    CHECK_EQ(atomic_load(&p->done), early);   /* still held once: nothing changes */
    ID3D11Multithread_Leave(p->mt);
    pthread_join(t, NULL);
    CHECK_EQ(atomic_load(&p->done), 1);
    return early;
}

TEST(d3d11_multithread_enter_excludes)
{
    struct probe p;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_2, &p.ctx);
    p.mt = mt_of(p.ctx);

    /* Enter excludes another thread's Enter, protected or not. */
    CHECK_EQ(finished_while_held(&p, enter_leave, 100), 0);
    ID3D11Multithread_SetMultithreadProtected(p.mt, TRUE);
    CHECK_EQ(finished_while_held(&p, enter_leave, 100), 0);

    /* Protected: a context call on another thread waits for the section. */
    CHECK_EQ(finished_while_held(&p, set_topology, 100), 0);
    {
        D3D11_PRIMITIVE_TOPOLOGY topo = D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED;
        ID3D11DeviceContext_IAGetPrimitiveTopology(p.ctx, &topo);
        CHECK_EQ(topo, D3D11_PRIMITIVE_TOPOLOGY_LINELIST);   /* the call ran, after the Leave */
    }
    /* Not protected: the same call does not wait (the cost is one flag load). */
    ID3D11Multithread_SetMultithreadProtected(p.mt, FALSE);
    CHECK_EQ(finished_while_held(&p, set_topology, 5000), 1);

    ID3D11Multithread_Release(p.mt);
    ctx_done(dev, p.ctx);
}

/* Several threads share one protected immediate context: each Maps its own dynamic buffer
 * (the context's list of mappings grows and shrinks under them), sets a viewport and reads one
 * back, and, inside Enter/Leave, sets a viewport and a topology and reads exactly those back. */
enum { SHARE_THREADS = 4, SHARE_ROUNDS = 400 };

struct sharer {
    ID3D11DeviceContext *ctx;
    ID3D11Multithread *mt;
    ID3D11Buffer *vb;
    int id;
    int torn, lost, map_failures;
};

static void *share(void *arg)
{
    struct sharer *s = arg;
    for (int r = 0; r < SHARE_ROUNDS; r++) {
        const float v = (float)(s->id * 1000 + r);   /* within the viewport bounds */
        D3D11_VIEWPORT vp = { v, v, v, v, 0.0f, 1.0f }, got;
        D3D11_MAPPED_SUBRESOURCE m;
        UINT n = 1;
        D3D11_PRIMITIVE_TOPOLOGY topo, want = s->id & 1 ? D3D11_PRIMITIVE_TOPOLOGY_LINELIST
                                                       : D3D11_PRIMITIVE_TOPOLOGY_POINTLIST;

        if (SUCCEEDED(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)s->vb, 0,
                                              D3D11_MAP_WRITE_DISCARD, 0, &m))) {
            ((int *)m.pData)[0] = r;
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)s->vb, 0);
        } else {
            s->map_failures++;
        }
        /* Each call is atomic: a viewport read back is one some thread set, never a mix. */
        ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &vp);
        ID3D11DeviceContext_RSGetViewports(s->ctx, &n, &got);
        if (got.TopLeftX != got.TopLeftY || got.TopLeftX != got.Width ||
            got.TopLeftX != got.Height)
            s->torn++;
        /* A section is atomic: what this thread set is what it reads. */
        ID3D11Multithread_Enter(s->mt);
        ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &vp);
        ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, want);
        sched_yield();
        n = 1;
        ID3D11DeviceContext_RSGetViewports(s->ctx, &n, &got);
        ID3D11DeviceContext_IAGetPrimitiveTopology(s->ctx, &topo);
        if (got.TopLeftX != v || topo != want)
            s->lost++;
        ID3D11Multithread_Leave(s->mt);
    }
    return NULL;
}

TEST(d3d11_multithread_shared_context)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &ctx);
    ID3D11Multithread *mt = mt_of(ctx);
    struct sharer s[SHARE_THREADS];
    pthread_t t[SHARE_THREADS];
    D3D11_MAPPED_SUBRESOURCE m;

    CHECK_EQ(ID3D11Multithread_SetMultithreadProtected(mt, TRUE), FALSE);
    for (int i = 0; i < SHARE_THREADS; i++) {
        s[i] = (struct sharer){ ctx, mt, NULL, i, 0, 0, 0 };
        s[i].vb = ctx_buffer(dev, 256, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DYNAMIC,
                             D3D11_CPU_ACCESS_WRITE);
        CHECK_EQ(pthread_create(&t[i], NULL, share, &s[i]), 0);
    }
    for (int i = 0; i < SHARE_THREADS; i++) {
        pthread_join(t[i], NULL);
        CHECK_EQ(s[i].torn, 0);
        CHECK_EQ(s[i].lost, 0);
        CHECK_EQ(s[i].map_failures, 0);
        /* Every mapping was undone: the buffer maps again (a mapped one is refused). */
        CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)s[i].vb, 0,
                                         D3D11_MAP_WRITE_DISCARD, 0, &m), S_OK);
        ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)s[i].vb, 0);
        ID3D11Buffer_Release(s[i].vb);
    }
    ID3D11Multithread_Release(mt);
    ctx_done(dev, ctx);
}
