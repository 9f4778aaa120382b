/* tests/test_tiled_status.c — the residency-feedback forms of the memory loads at 11_1
 * (issue 11): ld_raw_s, ld_structured_s and ld_uav_typed_s on tiled buffers with mapped and
 * NULL tiles, their values (NULL tiles read 0, tier 2) and their status through
 * check_access_fully_mapped (CheckAccessFullyMapped: FALSE when any value was taken from an
 * unmapped tile), against a model of the page table, exact; a load straddling a mapped and a
 * NULL tile, loads outside the views, and the decoder's refusals. */
#include "test_tiled_util.h"

#include <stdio.h>

#include "shader/shader_asm.h"

static void *assemble(const char *text, size_t *size, char *err, size_t errsize)
{
    void *blob = NULL;
    if (shader_assemble(text, strlen(text), &blob, size, err, errsize) != SHADER_ASM_OK)
        return NULL;
    return blob;
}

#define REL(p)                                                                                 \
    do {                                                                                       \
        if (p)                                                                                 \
            IUnknown_Release((IUnknown *)(p));                                                 \
        (p) = NULL;                                                                            \
    } while (0)

/* Thread i reads addresses A[i] = (raw byte address, structure index, typed element):
 *   ld_raw_s .xy from R (raw t0), ld_structured_s .xy at offset 0 from S (stride 12, t1),
 *   ld_uav_typed_s .x from T (R32_UINT u0);
 * and writes (raw.x, raw.y, s.x, s.y, typed, fully mapped raw, s, typed) to O (u1). */
static const char status_cs[] =
    "cs_5_0\n"
    "dcl_globalFlags refactoringAllowed\n"
    "dcl_resource_raw t0\n"
    "dcl_resource_structured t1, 12\n"
    "dcl_resource_structured t2, 16\n"
    "dcl_uav_typed_buffer (uint,uint,uint,uint) u0\n"
    "dcl_uav_raw u1\n"
    "dcl_temps 5\n"
    "dcl_thread_group 8, 1, 1\n"
    "ld_structured r0.xyz, vThreadID.x, l(0), t2.xyzx\n"
    "ld_raw_s r1.xy, r2.x, r0.x, t0.xyxx\n"
    "ld_structured_s r1.zw, r2.y, r0.y, l(0), t1.xxxy\n"
    "ld_uav_typed_s r3.x, r2.z, r0.zzzz, u0.xyzw\n"
    "check_access_fully_mapped r3.yzw, r2.xxyz\n"
    "imul null, r4.x, vThreadID.x, l(32)\n"
    "store_raw u1.xyzw, r4.x, r1.xyzw\n"
    "iadd r4.y, r4.x, l(16)\n"
    "store_raw u1.xyzw, r4.y, r3.xyzw\n"
    "ret\n";

enum { RAW_WORDS = 2 * TILE / 4, ST_BYTES = 3 * TILE, ST_STRIDE = 12,
       ST_COUNT = ST_BYTES / ST_STRIDE, THREADS = 8 };

/* R and T: tile 0 mapped (the same pool tile), word k = 1000 + k; tile 1 NULL.
 * S: tiles 0 and 2 mapped, word k (of the buffer) = 5000 + k; tile 1 NULL. */
static bool r_mapped(uint64_t word) { return word < TILE / 4; }
static bool s_mapped(uint64_t word) { return word * 4 / TILE != 1; }

/* The words a load takes from a buffer of `words` words: (value, from a NULL tile). */
static uint32_t model(bool structured, uint64_t word, uint64_t words, bool *unmapped)
{
    if (word >= words)
        return 0;   /* outside the view: 0, taken from no tile */
    bool m = structured ? s_mapped(word) : r_mapped(word);
    if (!m) {
        *unmapped = true;
        return 0;
    }
    return (uint32_t)((structured ? 5000u : 1000u) + word);
}

static void fill_tile(ID3D11DeviceContext2 *ctx, void *r, UINT tile, uint32_t first_value)
{
    uint32_t *w = malloc(TILE);
    D3D11_TILED_RESOURCE_COORDINATE c = { tile, 0, 0, 0 };
    D3D11_TILE_REGION_SIZE s = { 1, FALSE, 0, 0, 0 };
    if (!w)
        return;
    for (uint32_t i = 0; i < TILE / 4; i++)
        w[i] = first_value + i;
    ID3D11DeviceContext2_UpdateTiles(ctx, (ID3D11Resource *)r, &c, &s, w, 0);
    free(w);
}

TEST(tiled_memory_loads_status)
{
    /* (raw byte address, structure index, typed element, unused) per thread */
    static const uint32_t addr[THREADS][4] = {
        { 0, 0, 0, 0 },                                   /* all mapped */
        { 400, 1000, 100, 0 },                            /* all mapped */
        { TILE - 4, 5461, TILE / 4 - 1, 0 },              /* raw .y and structure 5461's .y
                                                           * (bytes 65532..65543) cross into
                                                           * the NULL tile; the typed element
                                                           * is the last mapped one */
        { TILE, 5462, TILE / 4, 0 },                      /* the NULL tiles */
        { 2 * TILE, ST_COUNT, 2 * TILE / 4, 0 },          /* outside every view */
        { TILE + 400, 12000, TILE / 4 + 7, 0 },           /* NULL, S's tile 2 (mapped), NULL */
        { TILE - 8, 10923, 5, 0 },                        /* mapped; S in tile 2 */
        { 2 * TILE - 4, ST_COUNT - 1, 2 * TILE / 4 - 1, 0 }, /* raw .x NULL and .y outside;
                                                           * S's last structure (tile 2) */
    };
    ID3D11DeviceContext2 *ctx = NULL;
    ID3D11Device2 *dev = tiled_device(&ctx);
    if (!dev)
        SKIP("no 11_1-tiled device");
    ID3D11Buffer *pool = NULL, *r = NULL, *s = NULL, *t = NULL, *a = NULL, *o = NULL;
    ID3D11ShaderResourceView *rv = NULL, *sv = NULL, *av = NULL;
    ID3D11UnorderedAccessView *tv = NULL, *ov = NULL;
    ID3D11ComputeShader *cs = NULL;
    uint8_t *out = malloc(TILE);
    char err[256] = "";
    size_t n = 0;
    void *blob = assemble(status_cs, &n, err, sizeof(err));
    if (!blob)
        harness_fail(__FILE__, __LINE__, "assemble: %s", err);
    else
        CHECK_EQ(ID3D11Device2_CreateComputeShader(dev, blob, n, NULL, &cs), S_OK);
    free(blob);
    D3D11_BUFFER_DESC bd = { 2 * TILE, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                             D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS,
                             0 };
    pool = tiled_pool(dev, 3);
    CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &bd, NULL, &r), S_OK);
    bd.BindFlags = D3D11_BIND_UNORDERED_ACCESS;
    CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &bd, NULL, &t), S_OK);
    bd.ByteWidth = ST_BYTES;
    bd.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    bd.MiscFlags = D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
    bd.StructureByteStride = ST_STRIDE;
    CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &bd, NULL, &s), S_OK);
    {
        D3D11_BUFFER_DESC ad = { sizeof(addr), D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                                 D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16 };
        D3D11_SUBRESOURCE_DATA init = { addr, 0, 0 };
        CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &ad, &init, &a), S_OK);
        D3D11_BUFFER_DESC od = { THREADS * 32, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS,
                                 0, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0 };
        CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &od, NULL, &o), S_OK);
    }
    if (!pool || !r || !s || !t || !a || !o || !cs || !out)
        goto done;
    CHECK_EQ(tiled_map(ctx, r, pool, 0, 1, 0), S_OK);
    CHECK_EQ(tiled_map(ctx, t, pool, 0, 1, 0), S_OK);   /* T aliases R's tile 0 */
    CHECK_EQ(tiled_map(ctx, s, pool, 0, 1, 1), S_OK);
    CHECK_EQ(tiled_map(ctx, s, pool, 2, 1, 2), S_OK);
    fill_tile(ctx, r, 0, 1000);
    fill_tile(ctx, s, 0, 5000);
    fill_tile(ctx, s, 2, 5000 + 2 * TILE / 4);
    {
        D3D11_SHADER_RESOURCE_VIEW_DESC sd = { .Format = DXGI_FORMAT_R32_TYPELESS,
                                               .ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX };
        sd.BufferEx = (D3D11_BUFFEREX_SRV){ 0, RAW_WORDS, D3D11_BUFFEREX_SRV_FLAG_RAW };
        CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)r, &sd, &rv), S_OK);
        sd.Format = DXGI_FORMAT_UNKNOWN;
        sd.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
        sd.Buffer = (D3D11_BUFFER_SRV){ { 0 }, { ST_COUNT } };
        CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)s, &sd, &sv), S_OK);
        sd.Buffer = (D3D11_BUFFER_SRV){ { 0 }, { THREADS } };
        CHECK_EQ(ID3D11Device2_CreateShaderResourceView(dev, (ID3D11Resource *)a, &sd, &av), S_OK);
        D3D11_UNORDERED_ACCESS_VIEW_DESC ud = { .Format = DXGI_FORMAT_R32_UINT,
                                                .ViewDimension = D3D11_UAV_DIMENSION_BUFFER };
        ud.Buffer = (D3D11_BUFFER_UAV){ 0, RAW_WORDS, 0 };
        CHECK_EQ(ID3D11Device2_CreateUnorderedAccessView(dev, (ID3D11Resource *)t, &ud, &tv),
                 S_OK);
        ud.Format = DXGI_FORMAT_R32_TYPELESS;
        ud.Buffer = (D3D11_BUFFER_UAV){ 0, THREADS * 8, D3D11_BUFFER_UAV_FLAG_RAW };
        CHECK_EQ(ID3D11Device2_CreateUnorderedAccessView(dev, (ID3D11Resource *)o, &ud, &ov),
                 S_OK);
    }
    if (!rv || !sv || !av || !tv || !ov)
        goto done;
    {
        ID3D11ShaderResourceView *srvs[3] = { rv, sv, av };
        ID3D11UnorderedAccessView *uavs[2] = { tv, ov };
        ID3D11DeviceContext2_CSSetShader(ctx, cs, NULL, 0);
        ID3D11DeviceContext2_CSSetShaderResources(ctx, 0, 3, srvs);
        ID3D11DeviceContext2_CSSetUnorderedAccessViews(ctx, 0, 2, uavs, NULL);
        ID3D11DeviceContext2_Dispatch(ctx, 1, 1, 1);
    }
    {
        D3D11_BUFFER_DESC st = { THREADS * 32, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0 };
        ID3D11Buffer *b = NULL;
        D3D11_MAPPED_SUBRESOURCE m;
        CHECK_EQ(ID3D11Device2_CreateBuffer(dev, &st, NULL, &b), S_OK);
        if (!b)
            goto done;
        ID3D11DeviceContext2_CopyResource(ctx, (ID3D11Resource *)b, (ID3D11Resource *)o);
        CHECK_EQ(ID3D11DeviceContext2_Map(ctx, (ID3D11Resource *)b, 0, D3D11_MAP_READ, 0, &m),
                 S_OK);
        memset(out, 0xee, THREADS * 32);
        if (m.pData) {
            memcpy(out, m.pData, THREADS * 32);
            ID3D11DeviceContext2_Unmap(ctx, (ID3D11Resource *)b, 0);
        }
        ID3D11Buffer_Release(b);
    }
    for (int i = 0; i < THREADS; i++) {
        const uint32_t *got = (const uint32_t *)(const void *)(out + 32 * i);
        bool ru = false, su = false, tu = false;
        uint32_t want[8];
        want[0] = model(false, addr[i][0] / 4, RAW_WORDS, &ru);
        want[1] = model(false, addr[i][0] / 4 + 1, RAW_WORDS, &ru);
        uint64_t sw = (uint64_t)addr[i][1] * (ST_STRIDE / 4);
        bool in = addr[i][1] < ST_COUNT;
        want[2] = in ? model(true, sw, ST_BYTES / 4, &su) : 0;
        want[3] = in ? model(true, sw + 1, ST_BYTES / 4, &su) : 0;
        want[4] = model(false, addr[i][2], RAW_WORDS, &tu);
        want[5] = ru ? 0 : 0xffffffffu;
        want[6] = su ? 0 : 0xffffffffu;
        want[7] = tu ? 0 : 0xffffffffu;
        for (int k = 0; k < 8; k++)
            if (got[k] != want[k])
                harness_fail(__FILE__, __LINE__, "thread %d word %d = 0x%x, want 0x%x", i, k,
                             got[k], want[k]);
    }
    /* the model says what the cases are meant to show */
    CHECK_EQ(((const uint32_t *)(const void *)(out + 32 * 2))[0], 1000u + TILE / 4 - 1);
    CHECK_EQ(((const uint32_t *)(const void *)(out + 32 * 2))[5], 0u);          /* straddles */
    CHECK_EQ(((const uint32_t *)(const void *)(out + 32 * 4))[5], 0xffffffffu); /* outside */
    CHECK_EQ(((const uint32_t *)(const void *)(out + 32 * 5))[6], 0xffffffffu); /* S tile 2 */
done:
    if (ctx)
        ID3D11DeviceContext2_ClearState(ctx);
    free(out);
    REL(cs);
    REL(ov);
    REL(tv);
    REL(av);
    REL(sv);
    REL(rv);
    REL(o);
    REL(a);
    REL(t);
    REL(s);
    REL(r);
    REL(pool);
    REL(ctx);
    if (dev)
        CHECK_EQ(ID3D11Device2_Release(dev), 0u);
}

/* The _s loads are shader model 5 (the tiled-resources forms, not in the 10_x subset) and
 * keep their plain forms' operand rules. */
TEST(tiled_memory_loads_status_refusals)
{
    static const struct { const char *text, *want; } bad[] = {
        { "cs_4_0\ndcl_resource_raw t0\ndcl_uav_raw u0\ndcl_temps 1\ndcl_thread_group 1, 1, 1\n"
          "ld_raw_s r0.x, r0.y, l(0), t0.xxxx\nstore_raw u0.x, l(0), r0.x\nret\n",
          "ld_raw_s" },
        { "ps_4_0\ndcl_globalFlags enableRawAndStructuredBuffers\ndcl_resource_raw t0\n"
          "dcl_output o0.xyzw\ndcl_temps 1\nld_raw_s r0.x, r0.y, l(0), t0.xxxx\n"
          "mov o0.xyzw, r0.xxxx\nret\n", "needs shader model 5.0" },
        { "cs_5_0\ndcl_uav_typed_buffer (uint,uint,uint,uint) u0\ndcl_uav_raw u1\ndcl_temps 1\n"
          "dcl_thread_group 1, 1, 1\nld_raw_s r0.x, r0.y, l(0), u0.xxxx\n"
          "store_raw u1.x, l(0), r0.x\nret\n", "ld_raw_s needs a raw buffer" },
        { "cs_5_0\ndcl_resource_raw t0\ndcl_uav_raw u1\ndcl_temps 1\n"
          "dcl_thread_group 1, 1, 1\nld_structured_s r0.x, r0.y, l(0), l(0), t0.xxxx\n"
          "store_raw u1.x, l(0), r0.x\nret\n", "ld_structured_s needs a structured buffer" },
        { "cs_5_0\ndcl_resource_raw t0\ndcl_uav_raw u1\ndcl_temps 1\n"
          "dcl_thread_group 1, 1, 1\nld_uav_typed_s r0.x, r0.y, l(0, 0, 0, 0), u1.xxxx\n"
          "store_raw u1.x, l(0), r0.x\nret\n", "ld_uav_typed_s needs a typed UAV" },
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char err[256] = "";
        size_t n = 0;
        void *blob = assemble(bad[i].text, &n, err, sizeof(err));
        CHECK(blob == NULL);
        if (!strstr(err, bad[i].want))
            harness_fail(__FILE__, __LINE__, "case %zu: \"%s\" lacks \"%s\"", i, err,
                         bad[i].want);
        free(blob);
    }
}
