/* Private data store (src/core/private_data.c): the SetPrivateData/GetPrivateData rules shared by
 * D3D11 device children, DXGI objects and D3D9 resources. */
#define COBJMACROS
#include "harness.h"

#include <stdatomic.h>

#include "core/private_data.h"

static const GUID guid_a = { 0x11111111, 0x2222, 0x3333, { 1, 2, 3, 4, 5, 6, 7, 8 } };
static const GUID guid_b = { 0x11111111, 0x2222, 0x3333, { 1, 2, 3, 4, 5, 6, 7, 9 } };

/* A minimal COM object that counts references, to check AddRef/Release pairing. */
struct counted {
    IUnknown iface;
    atomic_int refs;
};
static HRESULT STDMETHODCALLTYPE counted_qi(IUnknown *u, REFIID riid, void **out)
{
    (void)u; (void)riid; *out = NULL;
    return E_NOINTERFACE;
}
static ULONG STDMETHODCALLTYPE counted_addref(IUnknown *u)
{
    return (ULONG)atomic_fetch_add(&((struct counted *)u)->refs, 1) + 1;
}
static ULONG STDMETHODCALLTYPE counted_release(IUnknown *u)
{
    return (ULONG)atomic_fetch_sub(&((struct counted *)u)->refs, 1) - 1;
}
static IUnknownVtbl counted_vtbl = { counted_qi, counted_addref, counted_release };

TEST(private_data_set_get_remove)
{
    core_private_data pd;
    char buf[8] = { 0 };
    UINT size;
    core_pd_init(&pd);

    size = sizeof(buf);
    CHECK_EQ(core_pd_get(&pd, &guid_a, &size, buf), CORE_PD_NOT_FOUND);
    CHECK_EQ(size, 0);
    CHECK_EQ(core_pd_set(&pd, &guid_a, 5, "hello"), CORE_PD_OK);
    size = 0;
    CHECK_EQ(core_pd_get(&pd, &guid_a, &size, NULL), CORE_PD_OK);   /* size query */
    CHECK_EQ(size, 5);
    size = 3;
    CHECK_EQ(core_pd_get(&pd, &guid_a, &size, buf), CORE_PD_MORE_DATA);
    CHECK_EQ(size, 5);
    size = sizeof(buf);
    CHECK_EQ(core_pd_get(&pd, &guid_a, &size, buf), CORE_PD_OK);
    CHECK_EQ(size, 5);
    CHECK(!memcmp(buf, "hello", 5));
    size = sizeof(buf);
    CHECK_EQ(core_pd_get(&pd, &guid_b, &size, buf), CORE_PD_NOT_FOUND);
    /* replace, then remove with size 0 */
    CHECK_EQ(core_pd_set(&pd, &guid_a, 2, "hi"), CORE_PD_OK);
    size = sizeof(buf);
    CHECK_EQ(core_pd_get(&pd, &guid_a, &size, buf), CORE_PD_OK);
    CHECK_EQ(size, 2);
    CHECK_EQ(core_pd_set(&pd, &guid_a, 0, NULL), CORE_PD_OK);
    size = sizeof(buf);
    CHECK_EQ(core_pd_get(&pd, &guid_a, &size, buf), CORE_PD_NOT_FOUND);
    core_pd_free(&pd);
}

TEST(private_data_bad_input)
{
    core_private_data pd;
    UINT size = 4;
    core_pd_init(&pd);
    CHECK_EQ(core_pd_set(&pd, NULL, 4, "abcd"), CORE_PD_INVALID);
    CHECK_EQ(core_pd_set(&pd, &guid_a, 4, NULL), CORE_PD_INVALID);
    CHECK_EQ(core_pd_get(&pd, &guid_a, NULL, NULL), CORE_PD_INVALID);
    CHECK_EQ(core_pd_get(&pd, NULL, &size, NULL), CORE_PD_INVALID);
    core_pd_free(&pd);
}

TEST(private_data_interface_refcounts)
{
    struct counted obj = { { &counted_vtbl }, 1 };
    core_private_data pd;
    IUnknown *got = NULL;
    UINT size = sizeof(got);
    core_pd_init(&pd);

    CHECK_EQ(core_pd_set_interface(&pd, &guid_a, &obj.iface), CORE_PD_OK);
    CHECK_EQ(obj.refs, 2);                       /* the store holds one */
    CHECK_EQ(core_pd_get(&pd, &guid_a, &size, &got), CORE_PD_OK);
    CHECK(got == &obj.iface);
    CHECK_EQ(obj.refs, 3);                       /* and the caller got one */
    IUnknown_Release(got);
    CHECK_EQ(core_pd_set(&pd, &guid_a, 1, "x"), CORE_PD_OK);   /* replacing releases */
    CHECK_EQ(obj.refs, 1);
    CHECK_EQ(core_pd_set_interface(&pd, &guid_b, &obj.iface), CORE_PD_OK);
    CHECK_EQ(obj.refs, 2);
    core_pd_free(&pd);                           /* freeing releases */
    CHECK_EQ(obj.refs, 1);
}
