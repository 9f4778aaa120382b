/* tests/test_compute_util.h — what the compute and UAV tests share (test_d3d11_compute.c,
 * test_d3d11_uav.c): an 11_0 device, cs_5_0 listings assembled into shaders, buffers and
 * unordered-access views, and buffer read-back through a staging copy. */
#ifndef SOFTD3D_TESTS_COMPUTE_UTIL_H
#define SOFTD3D_TESTS_COMPUTE_UTIL_H

#include "test_render_util.h"

#include "shader/tpf.h"

/* Drops a reference a getter returned (the object stays bound or owned elsewhere). */
#define RD_RELEASE_REF(obj)                                                                      \
    do {                                                                                         \
        if (obj)                                                                                 \
            IUnknown_Release((IUnknown *)(obj));                                                 \
        (obj) = NULL;                                                                            \
    } while (0)

struct cx {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
};

static inline bool cx_begin(struct cx *c)
{
    c->dev = rd_profile_device("11_0", D3D_FEATURE_LEVEL_11_0, &c->ctx);
    return c->dev != NULL;
}

/* Unbinds everything, then the device must go with its last reference. */
static inline void cx_end(struct cx *c)
{
    if (c->ctx) {
        ID3D11DeviceContext_ClearState(c->ctx);
        ID3D11DeviceContext_Release(c->ctx);
    }
    if (c->dev)
        CHECK_EQ(ID3D11Device_Release(c->dev), 0);
    memset(c, 0, sizeof(*c));
}

/* An SM4/5 listing (tpf_asm syntax) as bytecode; NULL (the test fails) when it does not
 * assemble. */
static inline void *cx_assemble(const char *text, size_t *n)
{
    void *blob = NULL;
    char err[256] = "";
    if (tpf_assemble(text, strlen(text), &blob, n, err, sizeof(err)))
        harness_fail(__FILE__, __LINE__, "tpf_assemble: %s", err);
    return blob;
}

static inline ID3D11ComputeShader *cx_cs(struct cx *c, const char *text)
{
    size_t n = 0;
    void *blob = cx_assemble(text, &n);
    ID3D11ComputeShader *s = NULL;
    if (blob)
        CHECK_HR(ID3D11Device_CreateComputeShader(c->dev, blob, n, NULL, &s), S_OK);
    free(blob);
    return s;
}

static inline ID3D11Buffer *cx_buffer(struct cx *c, UINT bytes, UINT bind, UINT misc,
                                      UINT stride, const void *init)
{
    D3D11_BUFFER_DESC d = { bytes, D3D11_USAGE_DEFAULT, bind, 0, misc, stride };
    D3D11_SUBRESOURCE_DATA sd = { init, 0, 0 };
    ID3D11Buffer *b = NULL;
    CHECK_HR(ID3D11Device_CreateBuffer(c->dev, &d, init ? &sd : NULL, &b), S_OK);
    return b;
}

/* A raw buffer (ALLOW_RAW_VIEWS, UAV + SRV binds) of `bytes` bytes. */
static inline ID3D11Buffer *cx_raw_buffer(struct cx *c, UINT bytes, const void *init)
{
    return cx_buffer(c, bytes, D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE,
                     D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, init);
}

static inline ID3D11UnorderedAccessView *cx_uav(struct cx *c, void *res,
                                                const D3D11_UNORDERED_ACCESS_VIEW_DESC *d)
{
    ID3D11UnorderedAccessView *v = NULL;
    CHECK_HR(ID3D11Device_CreateUnorderedAccessView(c->dev, (ID3D11Resource *)res, d, &v), S_OK);
    return v;
}

/* Zeroed view descriptions of a format and dimension. */
static inline D3D11_UNORDERED_ACCESS_VIEW_DESC cx_uav_desc(DXGI_FORMAT f, D3D11_UAV_DIMENSION dim)
{
    D3D11_UNORDERED_ACCESS_VIEW_DESC d;
    memset(&d, 0, sizeof(d));
    d.Format = f;
    d.ViewDimension = dim;
    return d;
}

static inline D3D11_SHADER_RESOURCE_VIEW_DESC cx_srv_desc(DXGI_FORMAT f, D3D11_SRV_DIMENSION dim)
{
    D3D11_SHADER_RESOURCE_VIEW_DESC d;
    memset(&d, 0, sizeof(d));
    d.Format = f;
    d.ViewDimension = dim;
    return d;
}

/* A raw view of `words` 32-bit words from word `first`. */
static inline ID3D11UnorderedAccessView *cx_uav_raw(struct cx *c, ID3D11Buffer *b, UINT first,
                                                    UINT words)
{
    D3D11_UNORDERED_ACCESS_VIEW_DESC d;
    memset(&d, 0, sizeof(d));
    d.Format = DXGI_FORMAT_R32_TYPELESS;
    d.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
    d.Buffer.FirstElement = first;
    d.Buffer.NumElements = words;
    d.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
    return cx_uav(c, b, &d);
}

/* A buffer's first `bytes` bytes through a staging copy. */
static inline void cx_read(struct cx *c, ID3D11Buffer *b, void *out, UINT bytes)
{
    D3D11_BUFFER_DESC d;
    ID3D11Buffer *st = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    memset(out, 0xcd, bytes);
    ID3D11Buffer_GetDesc(b, &d);
    d.Usage = D3D11_USAGE_STAGING;
    d.BindFlags = 0;
    d.MiscFlags = 0;
    d.StructureByteStride = 0;
    d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    CHECK_HR(ID3D11Device_CreateBuffer(c->dev, &d, NULL, &st), S_OK);
    if (!st)
        return;
    ID3D11DeviceContext_CopyResource(c->ctx, (ID3D11Resource *)st, (ID3D11Resource *)b);
    CHECK_HR(ID3D11DeviceContext_Map(c->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m),
             S_OK);
    if (m.pData)
        memcpy(out, m.pData, bytes);
    ID3D11DeviceContext_Unmap(c->ctx, (ID3D11Resource *)st, 0);
    RD_RELEASE(st);
}

/* Binds `cs` and u0..u(n-1), dispatches (x, y, z) groups. */
static inline void cx_run(struct cx *c, ID3D11ComputeShader *cs,
                          ID3D11UnorderedAccessView *const *uavs, UINT n, UINT x, UINT y, UINT z)
{
    ACCEPTED(ID3D11DeviceContext_CSSetShader(c->ctx, cs, NULL, 0));
    ACCEPTED(ID3D11DeviceContext_CSSetUnorderedAccessViews(c->ctx, 0, n, uavs, NULL));
    ACCEPTED(ID3D11DeviceContext_Dispatch(c->ctx, x, y, z));
}

#endif
