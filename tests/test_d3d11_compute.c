/* tests/test_d3d11_compute.c — compute shaders through the D3D11 API at 11_0 (issue 15, the
 * API side): CreateComputeShader and its refusals, Dispatch (group counts, the 0 and 65535
 * rules, no shader), raw stores with writes past the view dropped, a group-shared reduction
 * across barriers, every atomic on raw and typed views with order-independent results,
 * append / consume with the hidden counter (initial counts, -1 keeps, CopyStructureCount),
 * out-of-bounds and hostile raw / structured addresses, typed UAV formats (2D, 2D array
 * slices, 3D W slices, typed buffers with ld_uav_typed), constant buffers and typed SRVs,
 * DispatchIndirect and its rules, CSInvocations, and deferred command lists.  Results are
 * read back through staging copies and compared exactly. */
#include "test_compute_util.h"

#include <stdio.h>

#define RAW_STORE                                                                                \
    "cs_5_0\ndcl_uav_raw u0\ndcl_temps 2\ndcl_thread_group 64, 1, 1\n"                           \
    "ishl r0.x, vThreadID.x, l(2)\nimad r1.x, vThreadID.x, l(3), l(1)\n"                         \
    "store_raw u0.x, r0.x, r1.x\nret\n"

TEST(compute_create_shader)
{
    struct cx c;
    size_t n = 0;
    void *blob = cx_assemble(RAW_STORE, &n);
    ID3D11ComputeShader *cs = (ID3D11ComputeShader *)(uintptr_t)1;
    if (!blob || !cx_begin(&c)) {
        free(blob);
        return;
    }
    CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, blob, n, NULL, NULL), S_FALSE);
    CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, blob, n, NULL, &cs), S_OK);
    CHECK(cs != NULL);
    RD_RELEASE(cs);
    cs = (ID3D11ComputeShader *)(uintptr_t)1;
    /* an object that is not a softd3d class linkage (its vtable is checked) */
    static const void *const fake_vtbl[8];
    static const struct { const void *const *vtbl; } fake = { fake_vtbl };
    CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, blob, n, (ID3D11ClassLinkage *)&fake, &cs),
             E_INVALIDARG);
    CHECK(cs == NULL);
    CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, NULL, n, NULL, &cs), E_INVALIDARG);
    CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, blob, 0, NULL, &cs), E_INVALIDARG);
    free(blob);
    /* another stage's bytecode */
    blob = cx_assemble("ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(0, 0, 0, 0)\nret\n", &n);
    util_clear_last_message();
    CHECK_HR(ID3D11Device_CreateComputeShader(c.dev, blob, n, NULL, &cs), E_INVALIDARG);
    CHECK_STR_CONTAINS(LAST, "not a compute shader");
    /* and a compute shader is no pixel shader */
    free(blob);
    blob = cx_assemble(RAW_STORE, &n);
    ID3D11PixelShader *ps = NULL;
    CHECK_HR(ID3D11Device_CreatePixelShader(c.dev, blob, n, NULL, &ps), E_INVALIDARG);
    free(blob);
    cx_end(&c);
}

TEST(compute_dispatch_raw_store)
{
    struct cx c;
    static uint32_t init[260], out[260];
    if (!cx_begin(&c))
        return;
    for (int i = 0; i < 260; i++)
        init[i] = 0xdeadbeef;
    ID3D11ComputeShader *cs = cx_cs(&c, RAW_STORE);
    ID3D11Buffer *b = cx_raw_buffer(&c, sizeof(init), init);
    ID3D11UnorderedAccessView *u = b ? cx_uav_raw(&c, b, 0, 256) : NULL;
    if (!cs || !u)
        goto done;
    /* 5 groups: threads 256..319 write past the 256-word view, dropped (spec 5.3.4.4) */
    cx_run(&c, cs, &u, 1, 5, 1, 1);
    cx_read(&c, b, out, sizeof(out));
    for (uint32_t i = 0; i < 256; i++)
        CHECK_EQ(out[i], 3 * i + 1);
    for (uint32_t i = 256; i < 260; i++)
        CHECK_EQ(out[i], 0xdeadbeef);
    /* a count of 0: no dispatch; above 65535: dropped with a message */
    {
        const UINT seven[4] = {7, 0, 0, 0};
        ID3D11DeviceContext_ClearUnorderedAccessViewUint(c.ctx, u, seven);
    }
    ACCEPTED(ID3D11DeviceContext_Dispatch(c.ctx, 0, 1, 1));
    ACCEPTED(ID3D11DeviceContext_Dispatch(c.ctx, 4, 1, 0));
    util_clear_last_message();
    ID3D11DeviceContext_Dispatch(c.ctx, 1, 65536, 1);
    CHECK_STR_CONTAINS(LAST, "ThreadGroupCountY 65536 exceeds");
    ID3D11DeviceContext_CSSetShader(c.ctx, NULL, NULL, 0);
    util_clear_last_message();
    ID3D11DeviceContext_Dispatch(c.ctx, 1, 1, 1);
    CHECK_STR_CONTAINS(LAST, "no compute shader is bound");
    cx_read(&c, b, out, sizeof(out));
    for (uint32_t i = 0; i < 256; i++)
        CHECK_EQ(out[i], 7);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(u);
    RD_RELEASE(b);
    RD_RELEASE(cs);
    cx_end(&c);
}

/* A tree sum of 256 values per group in group-shared memory: a barrier after every level
 * (inside a loop whose condition is uniform); thread 0 writes the group's sum. */
static const char reduce_cs[] =
    "cs_5_0\ndcl_resource_structured t0, 4\ndcl_uav_raw u0\ndcl_tgsm_structured g0, 4, 256\n"
    "dcl_temps 3\ndcl_thread_group 256, 1, 1\n"
    "ld_structured r0.x, vThreadID.x, l(0), t0.xxxx\n"
    "store_structured g0.x, vThreadIDInGroupFlattened, l(0), r0.x\n"
    "sync_g_t\n"
    "mov r1.x, l(128)\n"
    "loop\n"
    "  breakc_z r1.x\n"
    "  ult r2.x, vThreadIDInGroupFlattened, r1.x\n"
    "  if_nz r2.x\n"
    "    iadd r2.y, vThreadIDInGroupFlattened, r1.x\n"
    "    ld_structured r2.z, r2.y, l(0), g0.xxxx\n"
    "    ld_structured r2.w, vThreadIDInGroupFlattened, l(0), g0.xxxx\n"
    "    iadd r2.z, r2.z, r2.w\n"
    "    store_structured g0.x, vThreadIDInGroupFlattened, l(0), r2.z\n"
    "  endif\n"
    "  sync_g_t\n"
    "  ushr r1.x, r1.x, l(1)\n"
    "endloop\n"
    "if_z vThreadIDInGroupFlattened\n"
    "  ld_structured r0.y, l(0), l(0), g0.xxxx\n"
    "  ishl r0.z, vThreadGroupID.x, l(2)\n"
    "  store_raw u0.x, r0.z, r0.y\n"
    "endif\nret\n";

TEST(compute_group_shared_reduction)
{
    struct cx c;
    static uint32_t in[8 * 256], out[8];
    if (!cx_begin(&c))
        return;
    for (uint32_t i = 0; i < 8 * 256; i++)
        in[i] = i * 7 + 1;
    ID3D11ComputeShader *cs = cx_cs(&c, reduce_cs);
    ID3D11Buffer *src = cx_buffer(&c, sizeof(in), D3D11_BIND_SHADER_RESOURCE,
                                  D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4, in);
    ID3D11Buffer *dst = cx_raw_buffer(&c, sizeof(out), NULL);
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11UnorderedAccessView *u = dst ? cx_uav_raw(&c, dst, 0, 8) : NULL;
    if (src)
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)src, NULL, &srv),
                 S_OK);
    if (!cs || !u || !srv)
        goto done;
    ACCEPTED(ID3D11DeviceContext_CSSetShaderResources(c.ctx, 0, 1, &srv));
    cx_run(&c, cs, &u, 1, 8, 1, 1);
    cx_read(&c, dst, out, sizeof(out));
    for (uint32_t g = 0; g < 8; g++) {
        uint32_t sum = 0;
        for (uint32_t i = 0; i < 256; i++)
            sum += in[g * 256 + i];
        CHECK_EQ(out[g], sum);
    }
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(srv);
    RD_RELEASE(u);
    RD_RELEASE(src);
    RD_RELEASE(dst);
    RD_RELEASE(cs);
    cx_end(&c);
}

/* Every atomic on a raw view (u0), from 256 threads in 4 groups; imm_atomic_iadd's and
 * imm_atomic_exch's returns stored per thread; one typed R32_UINT buffer atomic (u1). */
static const char atomics_cs[] =
    "cs_5_0\ndcl_uav_raw u0\ndcl_uav_typed_buffer (uint,uint,uint,uint) u1\ndcl_temps 4\n"
    "dcl_thread_group 64, 1, 1\n"
    "mov r0.x, vThreadID.x\n"
    "atomic_iadd u0, l(0), l(1)\n"
    "atomic_umax u0, l(4), r0.x\n"
    "iadd r1.x, r0.x, l(5)\natomic_umin u0, l(8), r1.x\n"
    "iadd r1.y, r0.x, l(-128)\natomic_imax u0, l(12), r1.y\natomic_imin u0, l(16), r1.y\n"
    "and r1.z, r0.x, l(31)\nishl r1.z, l(1), r1.z\natomic_or u0, l(20), r1.z\n"
    "and r1.w, r0.x, l(15)\nishl r1.w, l(1), r1.w\nnot r1.w, r1.w\natomic_and u0, l(24), r1.w\n"
    "ieq r2.x, r0.x, l(7)\nand r2.x, r2.x, l(0x55)\natomic_xor u0, l(28), r2.x\n"
    "iadd r2.y, r0.x, l(1)\natomic_cmp_store u0, l(32), l(0), r2.y\n"
    "imm_atomic_cmp_exch r2.z, u0, l(36), l(0), l(1)\n"
    "ieq r2.z, r2.z, l(0)\nand r2.z, r2.z, l(1)\natomic_iadd u0, l(40), r2.z\n"
    "imm_atomic_iadd r3.x, u0, l(44), l(1)\n"
    "ishl r3.y, r0.x, l(2)\niadd r3.y, r3.y, l(64)\nstore_raw u0.x, r3.y, r3.x\n"
    "imm_atomic_exch r3.z, u0, l(48), r2.y\n"
    "iadd r3.w, r3.y, l(1024)\nstore_raw u0.x, r3.w, r3.z\n"
    "atomic_iadd u1, l(3, 0, 0, 0), l(2)\n"
    "ret\n";

TEST(compute_atomics_every_op)
{
    struct cx c;
    static uint32_t init[528], out[528], tinit[4] = {10, 20, 30, 40}, tout[4];
    static bool seen[257];
    if (!cx_begin(&c))
        return;
    memset(init, 0, sizeof(init));
    init[2] = 0xffffffffu;    /* umin */
    init[6] = 0xffffffffu;    /* and */
    init[7] = 0x12345678u;    /* xor */
    ID3D11ComputeShader *cs = cx_cs(&c, atomics_cs);
    ID3D11Buffer *b = cx_raw_buffer(&c, sizeof(init), init);
    ID3D11Buffer *tb = cx_buffer(&c, sizeof(tinit), D3D11_BIND_UNORDERED_ACCESS, 0, 0, tinit);
    D3D11_UNORDERED_ACCESS_VIEW_DESC td = cx_uav_desc(DXGI_FORMAT_R32_UINT,
                                                      D3D11_UAV_DIMENSION_BUFFER);
    td.Buffer.NumElements = 4;
    ID3D11UnorderedAccessView *u[2] = { b ? cx_uav_raw(&c, b, 0, 528) : NULL,
                                        tb ? cx_uav(&c, tb, &td) : NULL };
    if (!cs || !u[0] || !u[1])
        goto done;
    cx_run(&c, cs, u, 2, 4, 1, 1);
    cx_read(&c, b, out, sizeof(out));
    cx_read(&c, tb, tout, sizeof(tout));
    CHECK_EQ(out[0], 256);
    CHECK_EQ(out[1], 255);
    CHECK_EQ(out[2], 5);
    CHECK_EQ((int32_t)out[3], 127);
    CHECK_EQ((int32_t)out[4], -128);
    CHECK_EQ(out[5], 0xffffffffu);
    CHECK_EQ(out[6], 0xffff0000u);
    CHECK_EQ(out[7], 0x12345678u ^ 0x55u);
    CHECK(out[8] >= 1 && out[8] <= 256);    /* one thread's value: whichever came first */
    CHECK_EQ(out[9], 1);
    CHECK_EQ(out[10], 1);                   /* exactly one compare-exchange saw 0 */
    CHECK_EQ(out[11], 256);
    /* imm_atomic_iadd returned 0..255, each once, in some order */
    memset(seen, 0, sizeof(seen));
    for (uint32_t i = 0; i < 256; i++)
        if (out[16 + i] < 256)
            seen[out[16 + i]] = true;
    for (uint32_t i = 0; i < 256; i++)
        CHECK(seen[i]);
    /* the exchanges: every value before (0, then each thread's tid + 1) once, plus the last */
    memset(seen, 0, sizeof(seen));
    for (uint32_t i = 0; i < 256; i++)
        if (out[272 + i] <= 256)
            seen[out[272 + i]] = true;
    if (out[12] <= 256)
        seen[out[12]] = true;
    for (uint32_t i = 0; i <= 256; i++)
        CHECK(seen[i]);
    CHECK_EQ(tout[0], 10);
    CHECK_EQ(tout[3], 40 + 2 * 256);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(u[0]);
    RD_RELEASE(u[1]);
    RD_RELEASE(b);
    RD_RELEASE(tb);
    RD_RELEASE(cs);
    cx_end(&c);
}

static const char append_cs[] =
    "cs_5_0\ndcl_uav_structured_opc u0, 4\ndcl_temps 1\ndcl_thread_group 64, 1, 1\n"
    "imm_atomic_alloc r0.x, u0\nstore_structured u0.x, r0.x, l(0), vThreadID.x\nret\n";
static const char consume_cs[] =
    "cs_5_0\ndcl_uav_structured_opc u0, 4\ndcl_uav_raw u1\ndcl_temps 2\n"
    "dcl_thread_group 64, 1, 1\n"
    "imm_atomic_consume r0.x, u0\nld_structured r1.x, r0.x, l(0), u0.xxxx\n"
    "atomic_iadd u1, l(0), r1.x\natomic_iadd u1, l(4), l(1)\nret\n";

static uint32_t structure_count(struct cx *c, ID3D11Buffer *cnt, ID3D11UnorderedAccessView *u)
{
    uint32_t v[2];
    ACCEPTED(ID3D11DeviceContext_CopyStructureCount(c->ctx, cnt, 4, u));
    cx_read(c, cnt, v, sizeof(v));
    return v[1];
}

TEST(compute_append_consume)
{
    struct cx c;
    static uint32_t out[300], init[300], sums[2];
    static bool seen[256];
    if (!cx_begin(&c))
        return;
    for (uint32_t i = 0; i < 300; i++)
        init[i] = 0xeeeeeeee;
    ID3D11ComputeShader *app = cx_cs(&c, append_cs), *con = cx_cs(&c, consume_cs);
    ID3D11Buffer *b = cx_buffer(&c, sizeof(init), D3D11_BIND_UNORDERED_ACCESS,
                                D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4, init);
    ID3D11Buffer *cnt = cx_buffer(&c, 8, D3D11_BIND_UNORDERED_ACCESS, 0, 0, NULL);
    ID3D11Buffer *sum = cx_raw_buffer(&c, sizeof(sums), NULL);
    D3D11_UNORDERED_ACCESS_VIEW_DESC ad = cx_uav_desc(DXGI_FORMAT_UNKNOWN,
                                                      D3D11_UAV_DIMENSION_BUFFER);
    ad.Buffer.NumElements = 300;
    ad.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_APPEND;
    ID3D11UnorderedAccessView *u = b ? cx_uav(&c, b, &ad) : NULL;
    ID3D11UnorderedAccessView *us[2] = { u, sum ? cx_uav_raw(&c, sum, 0, 2) : NULL };
    const UINT zero = 0, keep = (UINT)-1, full = 256;
    if (!app || !con || !u || !cnt || !us[1])
        goto done;
    CHECK_EQ(structure_count(&c, cnt, u), 0);   /* a new view's counter */
    ACCEPTED(ID3D11DeviceContext_CSSetShader(c.ctx, app, NULL, 0));
    ACCEPTED(ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1, &u, &zero));
    ACCEPTED(ID3D11DeviceContext_Dispatch(c.ctx, 4, 1, 1));
    CHECK_EQ(structure_count(&c, cnt, u), 256);
    cx_read(&c, b, out, sizeof(out));
    memset(seen, 0, sizeof(seen));
    for (uint32_t i = 0; i < 256; i++)
        if (out[i] < 256)
            seen[out[i]] = true;
    for (uint32_t i = 0; i < 256; i++)
        CHECK(seen[i]);             /* every thread appended once, in whatever order */
    for (uint32_t i = 256; i < 300; i++)
        CHECK_EQ(out[i], 0xeeeeeeee);
    /* -1 keeps the counter: 64 more from 256; those past the 300 elements are dropped */
    ACCEPTED(ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1, &u, &keep));
    ACCEPTED(ID3D11DeviceContext_Dispatch(c.ctx, 1, 1, 1));
    CHECK_EQ(structure_count(&c, cnt, u), 320);
    cx_read(&c, b, out, sizeof(out));
    for (uint32_t i = 256; i < 300; i++)
        CHECK(out[i] < 64);
    /* consume the first 256 again (count 256): every value read once */
    const UINT counts[2] = { full, (UINT)-1 };
    ACCEPTED(ID3D11DeviceContext_CSSetShader(c.ctx, con, NULL, 0));
    ACCEPTED(ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 2, us, counts));
    ACCEPTED(ID3D11DeviceContext_Dispatch(c.ctx, 4, 1, 1));
    cx_read(&c, sum, sums, sizeof(sums));
    uint32_t want = 0;
    for (uint32_t i = 0; i < 256; i++)
        want += out[i];
    CHECK_EQ(sums[0], want);
    CHECK_EQ(sums[1], 256);
    CHECK_EQ(structure_count(&c, cnt, u), 0);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(us[1]);
    RD_RELEASE(u);
    RD_RELEASE(b);
    RD_RELEASE(cnt);
    RD_RELEASE(sum);
    RD_RELEASE(app);
    RD_RELEASE(con);
    cx_end(&c);
}

/* Out-of-bounds and hostile addresses of raw and structured views (spec 5.3.4.4: reads give
 * 0, writes and atomics are dropped, imm_atomic_* return 0), bufinfo of both SRV kinds. */
static const char oob_cs[] =
    "cs_5_0\ndcl_resource_structured t0, 8\ndcl_resource_raw t1\ndcl_uav_raw u0\n"
    "dcl_uav_structured u1, 8\ndcl_temps 2\ndcl_thread_group 1, 1, 1\n"
    "ld_structured r0.x, l(3), l(4), t0.xxxx\nstore_raw u0.x, l(0), r0.x\n"
    "ld_structured r0.x, l(4), l(0), t0.xxxx\nstore_raw u0.x, l(4), r0.x\n"
    "ld_structured r0.x, l(0), l(8), t0.xxxx\nstore_raw u0.x, l(8), r0.x\n"
    "ld_structured r0.x, l(0xffffffff), l(0xfffffffc), t0.xxxx\nstore_raw u0.x, l(12), r0.x\n"
    "ld_raw r0.xy, l(12), t1.xyxx\nstore_raw u0.xy, l(16), r0.xyxx\n"
    "ld_raw r0.x, l(0x80000000), t1.xxxx\nstore_raw u0.x, l(24), r0.x\n"
    "store_raw u0.x, l(0xfffffff0), l(7)\n"
    "store_structured u1.x, l(2), l(0), l(9)\n"
    "store_structured u1.x, l(1), l(4), l(5)\n"
    "store_structured u1.x, l(0), l(8), l(6)\n"
    "store_structured u1.x, l(0xffffffff), l(0xfffffffc), l(6)\n"
    "atomic_iadd u0, l(0x7ffffffc), l(1)\n"
    "imm_atomic_iadd r1.x, u1, l(5, 0, 0, 0), l(1)\nstore_raw u0.x, l(28), r1.x\n"
    "bufinfo r1.y, t0.xxxx\nstore_raw u0.x, l(32), r1.y\n"
    "bufinfo r1.z, t1.xxxx\nstore_raw u0.x, l(36), r1.z\n"
    "ret\n";

TEST(compute_out_of_bounds_and_hostile_addresses)
{
    struct cx c;
    static uint32_t st[8] = {1, 2, 3, 4, 5, 6, 7, 8}, raw[8] = {10, 11, 12, 13, 14, 15, 16, 17};
    static uint32_t init[16], out[16], sinit[8], sout[8];
    if (!cx_begin(&c))
        return;
    for (int i = 0; i < 16; i++)
        init[i] = 0xcccccccc;
    for (int i = 0; i < 8; i++)
        sinit[i] = 0xaaaaaaaa;
    ID3D11ComputeShader *cs = cx_cs(&c, oob_cs);
    ID3D11Buffer *tb0 = cx_buffer(&c, sizeof(st), D3D11_BIND_SHADER_RESOURCE,
                                  D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8, st);
    ID3D11Buffer *tb1 = cx_raw_buffer(&c, sizeof(raw), raw);
    ID3D11Buffer *ub0 = cx_raw_buffer(&c, sizeof(init), init);
    ID3D11Buffer *ub1 = cx_buffer(&c, sizeof(sinit), D3D11_BIND_UNORDERED_ACCESS,
                                  D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8, sinit);
    ID3D11ShaderResourceView *srv[2] = { NULL, NULL };
    D3D11_SHADER_RESOURCE_VIEW_DESC rd = cx_srv_desc(DXGI_FORMAT_R32_TYPELESS,
                                                     D3D11_SRV_DIMENSION_BUFFEREX);
    rd.BufferEx.FirstElement = 1;
    rd.BufferEx.NumElements = 4;
    rd.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    D3D11_UNORDERED_ACCESS_VIEW_DESC sd = cx_uav_desc(DXGI_FORMAT_UNKNOWN,
                                                      D3D11_UAV_DIMENSION_BUFFER);
    sd.Buffer.NumElements = 2;
    ID3D11UnorderedAccessView *u[2] = { ub0 ? cx_uav_raw(&c, ub0, 0, 16) : NULL,
                                        ub1 ? cx_uav(&c, ub1, &sd) : NULL };
    if (tb0 && tb1) {
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)tb0, NULL,
                                                       &srv[0]), S_OK);
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)tb1, &rd,
                                                       &srv[1]), S_OK);
    }
    if (!cs || !u[0] || !u[1] || !srv[0] || !srv[1])
        goto done;
    ACCEPTED(ID3D11DeviceContext_CSSetShaderResources(c.ctx, 0, 2, srv));
    cx_run(&c, cs, u, 2, 1, 1, 1);
    cx_read(&c, ub0, out, sizeof(out));
    cx_read(&c, ub1, sout, sizeof(sout));
    CHECK_EQ(out[0], 8);             /* element 3, second word */
    CHECK_EQ(out[1], 0);             /* index past the 4 elements */
    CHECK_EQ(out[2], 0);             /* offset past the stride */
    CHECK_EQ(out[3], 0);             /* hostile */
    CHECK_EQ(out[4], 14);            /* the raw view starts at word 1: its word 3 */
    CHECK_EQ(out[5], 0);             /* its word 4 is outside */
    CHECK_EQ(out[6], 0);
    CHECK_EQ(out[7], 0);             /* imm_atomic_iadd outside: 0 */
    CHECK_EQ(out[8], 4);             /* bufinfo: elements of a structured view */
    CHECK_EQ(out[9], 16);            /* bytes of a raw view */
    for (int i = 10; i < 16; i++)
        CHECK_EQ(out[i], 0xcccccccc);
    /* the structured UAV views elements 0..1: element 1's second word written, the rest kept */
    for (int i = 0; i < 8; i++)
        CHECK_EQ(sout[i], i == 3 ? 5u : 0xaaaaaaaau);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(srv[0]);
    RD_RELEASE(srv[1]);
    RD_RELEASE(u[0]);
    RD_RELEASE(u[1]);
    RD_RELEASE(tb0);
    RD_RELEASE(tb1);
    RD_RELEASE(ub0);
    RD_RELEASE(ub1);
    RD_RELEASE(cs);
    cx_end(&c);
}

/* Typed UAVs: an R8G8B8A8_UNORM 2D view (float stores, converted), slices 1..2 of an R32_UINT
 * 2D array (slice 2 of the view is outside), W slices 2..3 of an R16_SINT 3D texture (integer
 * stores clamped: spec 3.2.3.13), an R32_UINT typed buffer read and written back
 * (ld_uav_typed), and a typed load of the UNORM view, which 11_0 does not allow: 0. */
static const char typed_cs[] =
    "cs_5_0\ndcl_uav_typed_texture2d (float,float,float,float) u0\n"
    "dcl_uav_typed_texture2darray (uint,uint,uint,uint) u1\n"
    "dcl_uav_typed_texture3d (sint,sint,sint,sint) u2\n"
    "dcl_uav_typed_buffer (uint,uint,uint,uint) u3\ndcl_uav_raw u4\n"
    "dcl_temps 3\ndcl_thread_group 4, 4, 3\n"
    "utof r0.xy, vThreadID.xyxx\nmul r0.xy, r0.xyxx, l(0.25, 0.25, 0, 0)\n"
    "mov r0.zw, l(0, 0, 0.5, 1.0)\n"
    "if_z vThreadID.z\nstore_uav_typed u0.xyzw, vThreadID.xyyy, r0.xyzw\nendif\n"
    "imad r1.x, vThreadID.y, l(4), vThreadID.x\nimad r1.x, vThreadID.z, l(1000), r1.x\n"
    "store_uav_typed u1.xyzw, vThreadID.xyzz, r1.xxxx\n"
    "ieq r1.y, vThreadID.z, l(0)\nmovc r1.y, r1.y, l(-40000), l(123)\n"
    "store_uav_typed u2.xyzw, vThreadID.xyzz, r1.yyyy\n"
    "mov r2.w, vThreadIDInGroupFlattened\n"
    "ld_uav_typed r2.x, r2.wwww, u3.xxxx\n"
    "iadd r2.x, r2.x, l(1)\n"
    "store_uav_typed u3.xyzw, r2.wwww, r2.xxxx\n"
    "if_z vThreadIDInGroupFlattened\nld_uav_typed r2.yz, l(0, 0, 0, 0), u0.xyxx\n"
    "store_raw u4.xy, l(0), r2.yzyy\nendif\n"
    "ret\n";

static ID3D11Texture2D *tex2d(struct cx *c, UINT w, UINT h, UINT slices, DXGI_FORMAT f)
{
    D3D11_TEXTURE2D_DESC d = { w, h, 1, slices, f, {1, 0}, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    ID3D11Texture2D *t = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(c->dev, &d, NULL, &t), S_OK);
    return t;
}

/* Subresource `sub` of a texture through a staging copy of the whole resource. */
static void read_sub(struct cx *c, ID3D11Resource *res, UINT sub, void *out, UINT row_bytes,
                     UINT rows, UINT slices)
{
    ID3D11Resource *st = NULL;
    D3D11_RESOURCE_DIMENSION dim;
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Resource_GetType(res, &dim);
    if (dim == D3D11_RESOURCE_DIMENSION_TEXTURE2D) {
        D3D11_TEXTURE2D_DESC d;
        ID3D11Texture2D_GetDesc((ID3D11Texture2D *)res, &d);
        d.Usage = D3D11_USAGE_STAGING, d.BindFlags = 0, d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        CHECK_HR(ID3D11Device_CreateTexture2D(c->dev, &d, NULL, (ID3D11Texture2D **)&st), S_OK);
    } else {
        D3D11_TEXTURE3D_DESC d;
        ID3D11Texture3D_GetDesc((ID3D11Texture3D *)res, &d);
        d.Usage = D3D11_USAGE_STAGING, d.BindFlags = 0, d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        CHECK_HR(ID3D11Device_CreateTexture3D(c->dev, &d, NULL, (ID3D11Texture3D **)&st), S_OK);
    }
    if (!st)
        return;
    ID3D11DeviceContext_CopyResource(c->ctx, st, res);
    CHECK_HR(ID3D11DeviceContext_Map(c->ctx, st, sub, D3D11_MAP_READ, 0, &m), S_OK);
    for (UINT z = 0; m.pData && z < slices; z++)
        for (UINT y = 0; y < rows; y++)
            memcpy((uint8_t *)out + ((size_t)z * rows + y) * row_bytes,
                   (const uint8_t *)m.pData + (size_t)z * m.DepthPitch + (size_t)y * m.RowPitch,
                   row_bytes);
    ID3D11DeviceContext_Unmap(c->ctx, st, sub);
    RD_RELEASE(st);
}

TEST(compute_typed_uav_formats)
{
    struct cx c;
    static uint8_t rgba[4 * 4 * 4];
    static uint32_t arr[3][16], bufinit[48], bufout[48], raw[2];
    static int16_t vol[4][16];
    if (!cx_begin(&c))
        return;
    for (int i = 0; i < 48; i++)
        bufinit[i] = 100 + (uint32_t)i;
    ID3D11ComputeShader *cs = cx_cs(&c, typed_cs);
    ID3D11Texture2D *t0 = tex2d(&c, 4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM);
    ID3D11Texture2D *t1 = tex2d(&c, 4, 4, 3, DXGI_FORMAT_R32_UINT);
    D3D11_TEXTURE3D_DESC d3 = { 4, 4, 4, 1, DXGI_FORMAT_R16_SINT, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_UNORDERED_ACCESS, 0, 0 };
    ID3D11Texture3D *t2 = NULL;
    CHECK_HR(ID3D11Device_CreateTexture3D(c.dev, &d3, NULL, &t2), S_OK);
    ID3D11Buffer *b3 = cx_buffer(&c, sizeof(bufinit), D3D11_BIND_UNORDERED_ACCESS, 0, 0, bufinit);
    ID3D11Buffer *b4 = cx_raw_buffer(&c, 8, (const uint32_t[2]){9, 9});
    D3D11_UNORDERED_ACCESS_VIEW_DESC ad = cx_uav_desc(DXGI_FORMAT_UNKNOWN,
                                                      D3D11_UAV_DIMENSION_TEXTURE2DARRAY);
    ad.Texture2DArray.FirstArraySlice = 1;
    ad.Texture2DArray.ArraySize = 2;
    D3D11_UNORDERED_ACCESS_VIEW_DESC vd = cx_uav_desc(DXGI_FORMAT_UNKNOWN,
                                                      D3D11_UAV_DIMENSION_TEXTURE3D);
    vd.Texture3D.FirstWSlice = 2;
    vd.Texture3D.WSize = (UINT)-1;
    D3D11_UNORDERED_ACCESS_VIEW_DESC bd = cx_uav_desc(DXGI_FORMAT_R32_UINT,
                                                      D3D11_UAV_DIMENSION_BUFFER);
    bd.Buffer.NumElements = 48;
    ID3D11UnorderedAccessView *u[5] = { t0 ? cx_uav(&c, t0, NULL) : NULL,
                                        t1 ? cx_uav(&c, t1, &ad) : NULL,
                                        t2 ? cx_uav(&c, t2, &vd) : NULL,
                                        b3 ? cx_uav(&c, b3, &bd) : NULL,
                                        b4 ? cx_uav_raw(&c, b4, 0, 2) : NULL };
    D3D11_UNORDERED_ACCESS_VIEW_DESC got;
    if (!cs || !u[0] || !u[1] || !u[2] || !u[3] || !u[4])
        goto done;
    ID3D11UnorderedAccessView_GetDesc(u[2], &got);
    CHECK_EQ(got.Texture3D.WSize, 2);   /* -1 resolved */
    cx_run(&c, cs, u, 5, 1, 1, 1);
    read_sub(&c, (ID3D11Resource *)t0, 0, rgba, 16, 4, 1);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            const uint8_t *p = &rgba[(y * 4 + x) * 4];
            /* x / 4 * 255 rounded: 0, 64, 128, 191 (spec 3.2.3.6) */
            static const uint8_t q[4] = {0, 64, 128, 191};
            CHECK_EQ(p[0], q[x]);
            CHECK_EQ(p[1], q[y]);
            CHECK_EQ(p[2], 128);
            CHECK_EQ(p[3], 255);
        }
    for (UINT s = 0; s < 3; s++)
        read_sub(&c, (ID3D11Resource *)t1, s, arr[s], 16, 4, 1);
    for (uint32_t i = 0; i < 16; i++) {
        CHECK_EQ(arr[0][i], 0);          /* slice 0 is not in the view */
        CHECK_EQ(arr[1][i], i);
        CHECK_EQ(arr[2][i], 1000 + i);
    }
    read_sub(&c, (ID3D11Resource *)t2, 0, vol, 8, 4, 4);
    for (int i = 0; i < 16; i++) {
        CHECK_EQ(vol[0][i], 0);
        CHECK_EQ(vol[1][i], 0);
        CHECK_EQ(vol[2][i], -32768);     /* -40000 clamped */
        CHECK_EQ(vol[3][i], 123);
    }
    cx_read(&c, b3, bufout, sizeof(bufout));
    for (uint32_t i = 0; i < 48; i++)
        CHECK_EQ(bufout[i], 101 + i);
    cx_read(&c, b4, raw, sizeof(raw));
    CHECK_EQ(raw[0], 0);
    CHECK_EQ(raw[1], 0);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    for (int i = 0; i < 5; i++)
        RD_RELEASE(u[i]);
    RD_RELEASE(t0);
    RD_RELEASE(t1);
    RD_RELEASE(t2);
    RD_RELEASE(b3);
    RD_RELEASE(b4);
    RD_RELEASE(cs);
    cx_end(&c);
}

/* cb0, a typed buffer SRV read with ld, a 2D texture sampled with sample_l (point filtering,
 * an explicit LOD), its resinfo and gather4, into a raw UAV. */
static const char inputs_cs[] =
    "cs_5_0\ndcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_resource_buffer (uint,uint,uint,uint) t0\n"
    "dcl_resource_texture2d (float,float,float,float) t1\ndcl_sampler s0, mode_default\n"
    "dcl_uav_raw u0\ndcl_temps 3\ndcl_thread_group 4, 1, 1\n"
    "ld_indexable(buffer)(uint,uint,uint,uint) r0.x, vThreadID.xxxx, t0.xyzw\n"
    "iadd r0.x, r0.x, cb0[0].x\n"
    "ishl r1.x, vThreadID.x, l(3)\nstore_raw u0.x, r1.x, r0.x\n"
    "utof r2.x, vThreadID.x\nadd r2.x, r2.x, l(0.5)\nmul r2.x, r2.x, l(0.5)\nmov r2.y, l(0.5)\n"
    "sample_l_indexable(texture2d)(float,float,float,float) r2.xyzw, r2.xyxx, t1.xyzw, s0, l(0)\n"
    "iadd r1.x, r1.x, l(4)\nstore_raw u0.x, r1.x, r2.x\n"
    /* thread 0: resinfo (2, 1) and the gather of red at the texture's centre */
    "if_z vThreadID.x\n"
    "  resinfo_uint r0.xyzw, l(0), t1.xyzw\nstore_raw u0.xy, l(32), r0.xyxx\n"
    "  gather4 r2.xyzw, l(0.5, 0.5, 0, 0), t1.xyzw, s0.x\nstore_raw u0.xyzw, l(40), r2.xyzw\n"
    "endif\n"
    "ret\n";

TEST(compute_constant_buffers_and_typed_srvs)
{
    struct cx c;
    static const uint32_t cbv[4] = {1000, 0, 0, 0}, tbuf[4] = {1, 2, 3, 4};
    static const float texels[2] = {0.25f, 0.75f};
    static uint32_t out[14];
    if (!cx_begin(&c))
        return;
    ID3D11ComputeShader *cs = cx_cs(&c, inputs_cs);
    ID3D11Buffer *cb = rd_buffer(c.dev, D3D11_BIND_CONSTANT_BUFFER, cbv, sizeof(cbv));
    ID3D11Buffer *tb = cx_buffer(&c, sizeof(tbuf), D3D11_BIND_SHADER_RESOURCE, 0, 0, tbuf);
    D3D11_TEXTURE2D_DESC td = { 2, 1, 1, 1, DXGI_FORMAT_R32_FLOAT, {1, 0}, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_SHADER_RESOURCE, 0, 0 };
    D3D11_SUBRESOURCE_DATA init = { texels, 8, 0 };
    ID3D11Texture2D *tex = NULL;
    CHECK_HR(ID3D11Device_CreateTexture2D(c.dev, &td, &init, &tex), S_OK);
    ID3D11Buffer *ob = cx_raw_buffer(&c, sizeof(out), NULL);
    ID3D11UnorderedAccessView *u = ob ? cx_uav_raw(&c, ob, 0, 14) : NULL;
    D3D11_SHADER_RESOURCE_VIEW_DESC bd = cx_srv_desc(DXGI_FORMAT_R32_UINT,
                                                     D3D11_SRV_DIMENSION_BUFFER);
    bd.Buffer.NumElements = 4;
    ID3D11ShaderResourceView *srv[2] = { NULL, NULL };
    D3D11_SAMPLER_DESC sd = { D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                              D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                              D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, D3D11_FLOAT32_MAX };
    ID3D11SamplerState *smp = NULL;
    CHECK_HR(ID3D11Device_CreateSamplerState(c.dev, &sd, &smp), S_OK);
    if (tb && tex) {
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)tb, &bd, &srv[0]),
                 S_OK);
        CHECK_HR(ID3D11Device_CreateShaderResourceView(c.dev, (ID3D11Resource *)tex, NULL,
                                                       &srv[1]), S_OK);
    }
    if (!cs || !cb || !u || !srv[0] || !srv[1] || !smp)
        goto done;
    ACCEPTED(ID3D11DeviceContext_CSSetConstantBuffers(c.ctx, 0, 1, &cb));
    ACCEPTED(ID3D11DeviceContext_CSSetShaderResources(c.ctx, 0, 2, srv));
    ACCEPTED(ID3D11DeviceContext_CSSetSamplers(c.ctx, 0, 1, &smp));
    cx_run(&c, cs, &u, 1, 1, 1, 1);
    cx_read(&c, ob, out, sizeof(out));
    for (uint32_t i = 0; i < 4; i++) {
        CHECK_EQ(out[2 * i], 1001 + i);
        /* u = (i + 0.5) / 2: texel 0 for i = 0, texel 1 for i = 1, clamped past */
        float f;
        memcpy(&f, &out[2 * i + 1], 4);
        CHECK(f == (i == 0 ? 0.25f : 0.75f));
    }
    CHECK_EQ(out[8], 2);
    CHECK_EQ(out[9], 1);
    /* gather4 at (0.5, 0.5) of 2x1, clamped: (0,1), (1,1), (1,0), (0,0) -> texel 0, 1, 1, 0 */
    float g[4];
    memcpy(g, &out[10], sizeof(g));
    CHECK(g[0] == 0.25f && g[1] == 0.75f && g[2] == 0.75f && g[3] == 0.25f);
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(srv[0]);
    RD_RELEASE(srv[1]);
    RD_RELEASE(u);
    RD_RELEASE(smp);
    RD_RELEASE(cb);
    RD_RELEASE(tb);
    RD_RELEASE(tex);
    RD_RELEASE(ob);
    RD_RELEASE(cs);
    cx_end(&c);
}

TEST(compute_dispatch_indirect_and_statistics)
{
    struct cx c;
    static uint32_t out[260], args[5] = {0xffff, 3, 1, 1, 0};
    if (!cx_begin(&c))
        return;
    ID3D11ComputeShader *cs = cx_cs(&c, RAW_STORE);
    ID3D11Buffer *b = cx_raw_buffer(&c, sizeof(out), NULL);
    ID3D11Buffer *ab = cx_buffer(&c, sizeof(args), 0, D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS, 0,
                                 args);
    ID3D11Buffer *plain = cx_buffer(&c, sizeof(args), D3D11_BIND_SHADER_RESOURCE, 0, 0, args);
    ID3D11UnorderedAccessView *u = b ? cx_uav_raw(&c, b, 0, 260) : NULL;
    D3D11_QUERY_DESC qd = { D3D11_QUERY_PIPELINE_STATISTICS, 0 };
    D3D11_QUERY_DATA_PIPELINE_STATISTICS stats;
    ID3D11Query *q = NULL;
    CHECK_HR(ID3D11Device_CreateQuery(c.dev, &qd, &q), S_OK);
    if (!cs || !u || !ab || !plain || !q)
        goto done;
    ID3D11DeviceContext_CSSetShader(c.ctx, cs, NULL, 0);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(c.ctx, 0, 1, &u, NULL);
    ID3D11DeviceContext_Begin(c.ctx, (ID3D11Asynchronous *)q);
    /* (3, 1, 1) groups from byte 4 */
    ACCEPTED(ID3D11DeviceContext_DispatchIndirect(c.ctx, ab, 4));
    ACCEPTED(ID3D11DeviceContext_Dispatch(c.ctx, 1, 1, 1));
    ID3D11DeviceContext_End(c.ctx, (ID3D11Asynchronous *)q);
    CHECK_HR(ID3D11DeviceContext_GetData(c.ctx, (ID3D11Asynchronous *)q, &stats, sizeof(stats),
                                         0), S_OK);
    CHECK_EQ(stats.CSInvocations, 4 * 64);
    CHECK_EQ(stats.PSInvocations, 0);
    cx_read(&c, b, out, sizeof(out));
    for (uint32_t i = 0; i < 192; i++)
        CHECK_EQ(out[i], 3 * i + 1);
    for (uint32_t i = 192; i < 260; i++)
        CHECK_EQ(out[i], 0);
    /* the rules: the misc flag, a multiple of 4, three UINTs within the buffer */
    util_clear_last_message();
    ID3D11DeviceContext_DispatchIndirect(c.ctx, plain, 0);
    CHECK_STR_CONTAINS(LAST, "D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS");
    util_clear_last_message();
    ID3D11DeviceContext_DispatchIndirect(c.ctx, ab, 2);
    CHECK_STR_CONTAINS(LAST, "not a multiple of 4");
    util_clear_last_message();
    ID3D11DeviceContext_DispatchIndirect(c.ctx, ab, 12);
    CHECK_STR_CONTAINS(LAST, "no room");
    util_clear_last_message();
    ID3D11DeviceContext_DispatchIndirect(c.ctx, NULL, 0);
    CHECK_STR_CONTAINS(LAST, "not a buffer");
    /* (0xffff, 3, 1) from byte 0 is within the limits: 65535 * 3 groups would run; use
     * (1, 1, 0) from byte 8 instead: no dispatch */
    ACCEPTED(ID3D11DeviceContext_DispatchIndirect(c.ctx, ab, 8));
done:
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(q);
    RD_RELEASE(u);
    RD_RELEASE(b);
    RD_RELEASE(ab);
    RD_RELEASE(plain);
    RD_RELEASE(cs);
    cx_end(&c);
}

/* The compute calls recorded on a deferred context run when the command list executes. */
TEST(compute_deferred_command_list)
{
    struct cx c;
    static uint32_t out[64];
    ID3D11DeviceContext *dc = NULL;
    ID3D11CommandList *list = NULL;
    if (!cx_begin(&c))
        return;
    ID3D11ComputeShader *cs = cx_cs(&c, RAW_STORE);
    ID3D11Buffer *b = cx_raw_buffer(&c, sizeof(out), NULL);
    ID3D11UnorderedAccessView *u = b ? cx_uav_raw(&c, b, 0, 64) : NULL;
    ID3D11Buffer *sb = cx_buffer(&c, 64, D3D11_BIND_UNORDERED_ACCESS,
                                 D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4, NULL);
    ID3D11Buffer *cnt = cx_buffer(&c, 16, D3D11_BIND_UNORDERED_ACCESS, 0, 0, NULL);
    D3D11_UNORDERED_ACCESS_VIEW_DESC cd = cx_uav_desc(DXGI_FORMAT_UNKNOWN,
                                                      D3D11_UAV_DIMENSION_BUFFER);
    cd.Buffer.NumElements = 16;
    cd.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_COUNTER;
    ID3D11UnorderedAccessView *cu = sb ? cx_uav(&c, sb, &cd) : NULL;
    static uint32_t counts[4];
    CHECK_HR(ID3D11Device_CreateDeferredContext(c.dev, 0, &dc), S_OK);
    if (!cs || !u || !dc || !cu || !cnt)
        goto done;
    {
        const UINT five[4] = {5, 5, 5, 5};
        ID3D11DeviceContext_ClearUnorderedAccessViewUint(dc, u, five);
    }
    ID3D11DeviceContext_CSSetShader(dc, cs, NULL, 0);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(dc, 0, 1, &u, NULL);
    ID3D11DeviceContext_Dispatch(dc, 1, 1, 1);
    /* an initial count recorded: the counter changes only when the list executes */
    const UINT nine = 9;
    ID3D11DeviceContext_CSSetUnorderedAccessViews(dc, 1, 1, &cu, &nine);
    CHECK_HR(ID3D11DeviceContext_FinishCommandList(dc, FALSE, &list), S_OK);
    ID3D11DeviceContext_CopyStructureCount(c.ctx, cnt, 0, cu);
    cx_read(&c, cnt, counts, sizeof(counts));
    CHECK_EQ(counts[0], 0);
    cx_read(&c, b, out, sizeof(out));
    CHECK_EQ(out[0], 0);                     /* nothing ran yet */
    if (list)
        ID3D11DeviceContext_ExecuteCommandList(c.ctx, list, FALSE);
    cx_read(&c, b, out, sizeof(out));
    for (uint32_t i = 0; i < 64; i++)
        CHECK_EQ(out[i], 3 * i + 1);
    ID3D11DeviceContext_CopyStructureCount(c.ctx, cnt, 0, cu);
    cx_read(&c, cnt, counts, sizeof(counts));
    CHECK_EQ(counts[0], 9);
    /* FALSE: the immediate context's state is cleared afterwards */
    ID3D11ComputeShader *got = (ID3D11ComputeShader *)(uintptr_t)1;
    ID3D11DeviceContext_CSGetShader(c.ctx, &got, NULL, NULL);
    CHECK(got == NULL);
done:
    RD_RELEASE(list);
    if (dc)
        ID3D11DeviceContext_Release(dc);
    ID3D11DeviceContext_ClearState(c.ctx);
    RD_RELEASE(u);
    RD_RELEASE(cu);
    RD_RELEASE(b);
    RD_RELEASE(sb);
    RD_RELEASE(cnt);
    RD_RELEASE(cs);
    cx_end(&c);
}
