/* src/d3d11/multithread.c — ID3D11Multithread: the critical section of a device's immediate
 * context (d3d11_4.h).
 *
 * The rules (learn.microsoft.com, "ID3D11Multithread interface" and its methods):
 *   - it is obtained with QueryInterface from the immediate context; protection is off by
 *     default, and while it is off only one thread may use the immediate context at a time;
 *   - SetMultithreadProtected(TRUE) turns on "threading protection for the immediate context,
 *     which will increase the overhead of each immediate context call in order to share one
 *     context with multiple threads"; it returns whether protection was on before the call;
 *   - Enter / Leave bracket "a series of graphics commands that must happen in order".
 *
 * How softd3d does it:
 *   - one recursive mutex per device.  Enter and Leave always take and drop it (a real critical
 *     section whatever the flag: two threads that Enter exclude each other); they nest, as a
 *     Win32 critical section does;
 *   - the immediate context's vtable is comgen's locking copy of its own (comgen.py --locked):
 *     every method but IUnknown's calls comgen_enter_ID3D11DeviceContext2 below, which takes the
 *     mutex only while protection is on, then the real method, then the leave hook.  So with
 *     protection on, each immediate-context call is atomic with respect to the others and to
 *     Enter/Leave sections; with it off, the cost is one atomic load per call.  The flag is read
 *     once per call and the token remembers whether that call locked, so turning protection off
 *     while another thread is inside a call cannot unbalance the mutex;
 *   - the device's own methods are free-threaded already (CheckFeatureSupport THREADING:
 *     DriverConcurrentCreates TRUE), so they do not take the mutex; deferred contexts have their
 *     own vtable and never lock (each is used by one thread at a time, by the D3D11 rules);
 *   - the interface lives in the device, as the context does.  Its AddRef and Release are the
 *     immediate context's (so it keeps the device alive the same way), and its QueryInterface is
 *     the context's; the device's QueryInterface also answers IID_ID3D11Multithread (the same IID
 *     as D3D10's ID3D10Multithread, which programs ask of the device) with this face.
 */
#include "d3d11/d3d11_private.h"

#include "softd3d_com_stubs.h"
#include "util/log.h"

static inline struct d3d11_device *mt_device(ID3D11Multithread *iface)
{
    return container_of(iface, struct d3d11_device, mt.iface);
}

static inline ID3D11DeviceContext2 *mt_context(ID3D11Multithread *iface)
{
    return &mt_device(iface)->context.iface;
}

static HRESULT STDMETHODCALLTYPE mt_QueryInterface(ID3D11Multithread *iface, REFIID riid,
                                                   void **out)
{
    return ID3D11DeviceContext2_QueryInterface(mt_context(iface), riid, out);
}

static ULONG STDMETHODCALLTYPE mt_AddRef(ID3D11Multithread *iface)
{
    return ID3D11DeviceContext2_AddRef(mt_context(iface));
}

static ULONG STDMETHODCALLTYPE mt_Release(ID3D11Multithread *iface)
{
    return ID3D11DeviceContext2_Release(mt_context(iface));
}

static void STDMETHODCALLTYPE mt_Enter(ID3D11Multithread *iface)
{
    pthread_mutex_lock(&mt_device(iface)->mt.lock);
}

/* Leave without a matching Enter by this thread is the application's error (as for a Win32
 * critical section); the error-checking recursive mutex refuses it instead of corrupting the
 * count, so it is reported and ignored. */
static void STDMETHODCALLTYPE mt_Leave(ID3D11Multithread *iface)
{
    struct d3d11_device *dev = mt_device(iface);
    if (pthread_mutex_unlock(&dev->mt.lock))
        d3d11_msg(dev, "ID3D11Multithread::Leave: this thread has not entered the critical "
                       "section");
}

static BOOL STDMETHODCALLTYPE mt_SetMultithreadProtected(ID3D11Multithread *iface, BOOL protect)
{
    return atomic_exchange(&mt_device(iface)->mt.protect, protect != FALSE) ? TRUE : FALSE;
}

static BOOL STDMETHODCALLTYPE mt_GetMultithreadProtected(ID3D11Multithread *iface)
{
    return atomic_load(&mt_device(iface)->mt.protect) ? TRUE : FALSE;
}

static const ID3D11MultithreadVtbl mt_vtbl = {
    .QueryInterface = mt_QueryInterface,
    .AddRef = mt_AddRef,
    .Release = mt_Release,
    .Enter = mt_Enter,
    .Leave = mt_Leave,
    .SetMultithreadProtected = mt_SetMultithreadProtected,
    .GetMultithreadProtected = mt_GetMultithreadProtected,
};

/* The hooks of comgen's locking vtable: This is always the immediate context (only it gets
 * that vtable). */
int comgen_enter_ID3D11DeviceContext2(ID3D11DeviceContext2 *This,
                                      const struct ID3D11DeviceContext2Vtbl **real)
{
    struct d3d11_device *dev = container_of(This, struct d3d11_context, iface)->device;
    *real = dev->mt.real;
    if (!atomic_load_explicit(&dev->mt.protect, memory_order_acquire))
        return 0;
    pthread_mutex_lock(&dev->mt.lock);
    return 1;
}

void comgen_leave_ID3D11DeviceContext2(ID3D11DeviceContext2 *This, int token)
{
    if (token)
        pthread_mutex_unlock(
            &container_of(This, struct d3d11_context, iface)->device->mt.lock);
}

bool d3d11_multithread_init(struct d3d11_device *dev)
{
    pthread_mutexattr_t attr;
    bool ok = !pthread_mutexattr_init(&attr);
    if (!ok)
        return false;
    /* Recursive: Enter nests, and a wrapped method may call another through the vtable
     * (ExecuteCommandList replays through it).  Error-checking comes with it on glibc: an
     * unlock by a thread that does not own the mutex fails with EPERM. */
    ok = !pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE) &&
         !pthread_mutex_init(&dev->mt.lock, &attr);
    pthread_mutexattr_destroy(&attr);
    if (!ok)
        return false;
    dev->mt.iface.lpVtbl = (ID3D11MultithreadVtbl *)&mt_vtbl;
    atomic_init(&dev->mt.protect, false);
    /* Wrap whatever the context was made with (the 10Level9 one, or the 11_1 one of tiled.c). */
    dev->mt.real = dev->context.iface.lpVtbl;
    dev->mt.locked = *dev->mt.real;
    comgen_lock_ID3D11DeviceContext2(&dev->mt.locked);
    dev->context.iface.lpVtbl = &dev->mt.locked;
    return true;
}

void d3d11_multithread_cleanup(struct d3d11_device *dev)
{
    pthread_mutex_destroy(&dev->mt.lock);
}
