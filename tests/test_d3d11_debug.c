/* tests/test_d3d11_debug.c — the debug layer (src/d3d11/debug.c, info_queue.c): ID3D11Debug and
 * ID3D11InfoQueue offered by a D3D11_CREATE_DEVICE_DEBUG device only; the device's refusal lines
 * stored as messages (category, severity, ID, text); GetMessage's two-call protocol; the
 * storage and retrieval filters and their stacks; the message count limit; application
 * messages; break and mute settings; ReportLiveDeviceObjects listing what is alive. */
#include "test_d3d11_context_util.h"   /* first: it defines COBJMACROS */

#include "d3d11sdklayers.h"

/* A debug device at 9_3, its info queue and (optionally) its ID3D11Debug.  Muted: the refusals
 * these tests provoke are stored, not printed. */
static ID3D11Device *debug_device(ID3D11InfoQueue **queue, ID3D11Debug **debug)
{
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
    ID3D11Device *dev = NULL;
    unsetenv("SOFTD3D_PROFILE");
    CHECK_HR(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, D3D11_CREATE_DEVICE_DEBUG,
                               &level, 1, D3D11_SDK_VERSION, &dev, NULL, NULL), S_OK);
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11InfoQueue, (void **)queue), S_OK);
    ID3D11InfoQueue_SetMuteDebugOutput(*queue, TRUE);
    if (debug)
        CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Debug, (void **)debug), S_OK);
    return dev;
}

static void debug_done(ID3D11Device *dev, ID3D11InfoQueue *queue, ID3D11Debug *debug)
{
    if (debug)
        ID3D11Debug_Release(debug);
    ID3D11InfoQueue_Release(queue);
    CHECK_EQ(ID3D11Device_Release(dev), 0);
}

/* The index-th retrievable message, malloc'd (free it). */
static D3D11_MESSAGE *get_message(ID3D11InfoQueue *q, UINT64 index)
{
    SIZE_T size = 0;
    D3D11_MESSAGE *m;
    CHECK_HR(ID3D11InfoQueue_GetMessage(q, index, NULL, &size), S_OK);
    CHECK(size > sizeof(D3D11_MESSAGE));
    m = malloc(size);
    CHECK_HR(ID3D11InfoQueue_GetMessage(q, index, m, &size), S_OK);
    return m;
}

/* A refused call: a 0-wide texture (E_INVALIDARG). */
static void refuse_texture(ID3D11Device *dev)
{
    D3D11_TEXTURE2D_DESC d = ctx_tex_desc(0, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                          D3D11_BIND_SHADER_RESOURCE);
    ID3D11Texture2D *t = (ID3D11Texture2D *)1;
    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &t), E_INVALIDARG);
}

TEST(d3d11_debug_offered_only_with_flag)
{
    ID3D11DeviceContext *ctx;
    ID3D11Device *dev = ctx_device(D3D_FEATURE_LEVEL_9_3, &ctx);
    void *p = (void *)1;
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11Debug, &p), E_NOINTERFACE);
    CHECK(p == NULL);
    p = (void *)1;
    CHECK_HR(ID3D11Device_QueryInterface(dev, &IID_ID3D11InfoQueue, &p), E_NOINTERFACE);
    CHECK(p == NULL);
    ctx_done(dev, ctx);

    ID3D11InfoQueue *q, *q2 = NULL;
    ID3D11Debug *debug;
    ID3D11Device *back = NULL;
    dev = debug_device(&q, &debug);
    /* Faces of the device: each QueryInterface reaches the others, and holds the device. */
    CHECK_HR(ID3D11Debug_QueryInterface(debug, &IID_ID3D11InfoQueue, (void **)&q2), S_OK);
    CHECK(q2 == q);
    CHECK_HR(ID3D11InfoQueue_QueryInterface(q, &IID_ID3D11Device, (void **)&back), S_OK);
    CHECK(back == dev);
    ID3D11Device_Release(back);
    ID3D11InfoQueue_Release(q2);
    CHECK_EQ(ID3D11Device_AddRef(dev), 4);   /* the test's, the queue's, the debug's, this */
    ID3D11Device_Release(dev);
    CHECK_EQ(ID3D11InfoQueue_GetMessageCountLimit(q), D3D11_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT);
    CHECK_EQ(ID3D11InfoQueue_GetStorageFilterStackSize(q), 1);
    CHECK_EQ(ID3D11InfoQueue_GetRetrievalFilterStackSize(q), 1);
    debug_done(dev, q, debug);
}

TEST(d3d11_debug_refusals_become_messages)
{
    ID3D11InfoQueue *q;
    ID3D11Device *dev = debug_device(&q, NULL);
    ID3D11DeviceContext *ctx = NULL;
    D3D11_MESSAGE *m;
    SIZE_T size = 0, small;

    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 0);
    refuse_texture(dev);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 1);
    CHECK_EQ(ID3D11InfoQueue_GetNumMessagesAllowedByStorageFilter(q), 1);
    m = get_message(q, 0);
    CHECK_EQ(m->Category, D3D11_MESSAGE_CATEGORY_STATE_CREATION);
    CHECK_EQ(m->Severity, D3D11_MESSAGE_SEVERITY_ERROR);
    CHECK_EQ(m->ID, D3D11_MESSAGE_ID_UNKNOWN);
    CHECK(strcmp(m->pDescription, LAST) == 0);             /* the line SOFTD3D_DEBUG prints */
    CHECK_STR_CONTAINS(m->pDescription, "CreateTexture2D");
    CHECK_EQ(m->DescriptionByteLength, strlen(m->pDescription) + 1);
    CHECK(m->pDescription == (const char *)(m + 1));       /* right after the structure */
    free(m);

    /* A context setter's refusal: STATE_SETTING. */
    ID3D11Device_GetImmediateContext(dev, &ctx);
    ID3D11DeviceContext_IASetVertexBuffers(ctx, D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT, 1,
                                           NULL, NULL, NULL);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 2);
    m = get_message(q, 1);
    CHECK_EQ(m->Category, D3D11_MESSAGE_CATEGORY_STATE_SETTING);
    CHECK_STR_CONTAINS(m->pDescription, "IASetVertexBuffers");
    free(m);
    ID3D11DeviceContext_Release(ctx);

    /* A refused Map: RESOURCE_MANIPULATION; a refused Begin (an event query has none):
     * EXECUTION. */
    {
        ID3D11Buffer *b = ctx_buffer(dev, 64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
        D3D11_QUERY_DESC qd = { D3D11_QUERY_EVENT, 0 };
        ID3D11Query *q11 = NULL;
        D3D11_MAPPED_SUBRESOURCE ms;
        CHECK_HR(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)b, 0, D3D11_MAP_READ, 0, &ms),
                 E_INVALIDARG);
        m = get_message(q, 2);
        CHECK_EQ(m->Category, D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION);
        free(m);
        CHECK_HR(ID3D11Device_CreateQuery(dev, &qd, &q11), S_OK);
        ID3D11DeviceContext_Begin(ctx, (ID3D11Asynchronous *)q11);
        CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 4);
        m = get_message(q, 3);
        CHECK_EQ(m->Category, D3D11_MESSAGE_CATEGORY_EXECUTION);
        CHECK_STR_CONTAINS(m->pDescription, "Begin");
        free(m);
        ID3D11Query_Release(q11);
        ID3D11Buffer_Release(b);
    }

    /* Negative: no size pointer, a buffer too small, an index past the end. */
    CHECK_HR(ID3D11InfoQueue_GetMessage(q, 0, NULL, NULL), E_INVALIDARG);
    CHECK_HR(ID3D11InfoQueue_GetMessage(q, 0, NULL, &size), S_OK);
    small = size - 1;
    m = malloc(size);
    CHECK_HR(ID3D11InfoQueue_GetMessage(q, 0, m, &small), E_INVALIDARG);
    CHECK_HR(ID3D11InfoQueue_GetMessage(q, 4, NULL, &size), E_INVALIDARG);
    free(m);

    ID3D11InfoQueue_ClearStoredMessages(q);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 0);
    CHECK_EQ(ID3D11InfoQueue_GetNumMessagesAllowedByStorageFilter(q), 4);   /* a count of all */
    ID3D11DeviceContext_Release(ctx);
    debug_done(dev, q, NULL);
}

TEST(d3d11_debug_storage_filter)
{
    ID3D11InfoQueue *q;
    ID3D11Device *dev = debug_device(&q, NULL);
    D3D11_MESSAGE_SEVERITY deny_sev[] = { D3D11_MESSAGE_SEVERITY_ERROR };
    D3D11_MESSAGE_CATEGORY bad_cat[] = { (D3D11_MESSAGE_CATEGORY)11 };
    D3D11_INFO_QUEUE_FILTER f = { 0 }, *got;
    SIZE_T size = 0;

    f.DenyList.NumSeverities = 1;
    f.DenyList.pSeverityList = deny_sev;
    CHECK_HR(ID3D11InfoQueue_PushStorageFilter(q, &f), S_OK);
    CHECK_EQ(ID3D11InfoQueue_GetStorageFilterStackSize(q), 2);
    refuse_texture(dev);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 0);
    CHECK_EQ(ID3D11InfoQueue_GetNumMessagesDeniedByStorageFilter(q), 1);
    /* Another severity still passes. */
    CHECK_HR(ID3D11InfoQueue_AddApplicationMessage(q, D3D11_MESSAGE_SEVERITY_WARNING, "kept"),
             S_OK);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 1);

    /* The filter reads back with its lists after the structure. */
    CHECK_HR(ID3D11InfoQueue_GetStorageFilter(q, NULL, &size), S_OK);
    CHECK_EQ(size, sizeof(D3D11_INFO_QUEUE_FILTER) + sizeof(UINT));
    got = malloc(size);
    CHECK_HR(ID3D11InfoQueue_GetStorageFilter(q, got, &size), S_OK);
    CHECK_EQ(got->DenyList.NumSeverities, 1);
    CHECK_EQ(got->DenyList.pSeverityList[0], D3D11_MESSAGE_SEVERITY_ERROR);
    CHECK_EQ(got->AllowList.NumCategories, 0);
    CHECK(got->AllowList.pCategoryList == NULL);
    size--;
    CHECK_HR(ID3D11InfoQueue_GetStorageFilter(q, got, &size), E_INVALIDARG);
    CHECK_HR(ID3D11InfoQueue_GetStorageFilter(q, got, NULL), E_INVALIDARG);
    free(got);

    /* Negative: a NULL filter, a count with no list, a category out of range; nothing changes. */
    CHECK_HR(ID3D11InfoQueue_AddStorageFilterEntries(q, NULL), E_INVALIDARG);
    f = (D3D11_INFO_QUEUE_FILTER){ 0 };
    f.AllowList.NumIDs = 1;
    CHECK_HR(ID3D11InfoQueue_AddStorageFilterEntries(q, &f), E_INVALIDARG);
    f = (D3D11_INFO_QUEUE_FILTER){ 0 };
    f.AllowList.NumCategories = 1;
    f.AllowList.pCategoryList = bad_cat;
    CHECK_HR(ID3D11InfoQueue_PushStorageFilter(q, &f), E_INVALIDARG);
    CHECK_HR(ID3D11InfoQueue_PushStorageFilter(q, NULL), E_INVALIDARG);
    CHECK_EQ(ID3D11InfoQueue_GetStorageFilterStackSize(q), 2);

    /* A copy keeps the deny list; an empty filter lets everything through again. */
    CHECK_HR(ID3D11InfoQueue_PushCopyOfStorageFilter(q), S_OK);
    refuse_texture(dev);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 1);
    CHECK_HR(ID3D11InfoQueue_PushEmptyStorageFilter(q), S_OK);
    CHECK_EQ(ID3D11InfoQueue_GetStorageFilterStackSize(q), 4);
    refuse_texture(dev);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 2);
    ID3D11InfoQueue_PopStorageFilter(q);
    ID3D11InfoQueue_PopStorageFilter(q);
    ID3D11InfoQueue_ClearStorageFilter(q);   /* the top (the pushed deny filter) emptied */
    refuse_texture(dev);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 3);
    ID3D11InfoQueue_PopStorageFilter(q);
    ID3D11InfoQueue_PopStorageFilter(q);     /* the bottom filter stays */
    CHECK_EQ(ID3D11InfoQueue_GetStorageFilterStackSize(q), 1);
    debug_done(dev, q, NULL);
}

TEST(d3d11_debug_retrieval_filter)
{
    ID3D11InfoQueue *q;
    ID3D11Device *dev = debug_device(&q, NULL);
    D3D11_MESSAGE_CATEGORY allow[] = { D3D11_MESSAGE_CATEGORY_APPLICATION_DEFINED };
    D3D11_INFO_QUEUE_FILTER f = { 0 };
    D3D11_MESSAGE *m;

    refuse_texture(dev);
    CHECK_HR(ID3D11InfoQueue_AddApplicationMessage(q, D3D11_MESSAGE_SEVERITY_INFO, "mine"), S_OK);
    f.AllowList.NumCategories = 1;
    f.AllowList.pCategoryList = allow;
    CHECK_HR(ID3D11InfoQueue_AddRetrievalFilterEntries(q, &f), S_OK);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 2);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessagesAllowedByRetrievalFilter(q), 1);
    m = get_message(q, 0);   /* index 0 among the retrievable ones: the application's */
    CHECK_EQ(m->Category, D3D11_MESSAGE_CATEGORY_APPLICATION_DEFINED);
    CHECK_EQ(m->Severity, D3D11_MESSAGE_SEVERITY_INFO);
    CHECK(strcmp(m->pDescription, "mine") == 0);
    free(m);
    ID3D11InfoQueue_ClearRetrievalFilter(q);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessagesAllowedByRetrievalFilter(q), 2);
    debug_done(dev, q, NULL);
}

TEST(d3d11_debug_count_limit_and_add)
{
    ID3D11InfoQueue *q;
    ID3D11Device *dev = debug_device(&q, NULL);
    D3D11_MESSAGE *m;

    CHECK_HR(ID3D11InfoQueue_SetMessageCountLimit(q, 2), S_OK);
    CHECK_HR(ID3D11InfoQueue_AddApplicationMessage(q, D3D11_MESSAGE_SEVERITY_MESSAGE, "one"), S_OK);
    CHECK_HR(ID3D11InfoQueue_AddApplicationMessage(q, D3D11_MESSAGE_SEVERITY_MESSAGE, "two"), S_OK);
    CHECK_HR(ID3D11InfoQueue_AddMessage(q, D3D11_MESSAGE_CATEGORY_EXECUTION,
                                        D3D11_MESSAGE_SEVERITY_CORRUPTION,
                                        D3D11_MESSAGE_ID_LIVE_DEVICE, "three"), S_OK);
    /* New messages push the oldest out. */
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 2);
    CHECK_EQ(ID3D11InfoQueue_GetNumMessagesDiscardedByMessageCountLimit(q), 1);
    m = get_message(q, 0);
    CHECK(strcmp(m->pDescription, "two") == 0);
    free(m);
    m = get_message(q, 1);
    CHECK(strcmp(m->pDescription, "three") == 0);
    CHECK_EQ(m->Category, D3D11_MESSAGE_CATEGORY_EXECUTION);
    CHECK_EQ(m->Severity, D3D11_MESSAGE_SEVERITY_CORRUPTION);
    CHECK_EQ(m->ID, D3D11_MESSAGE_ID_LIVE_DEVICE);
    free(m);
    /* Lowering the limit drops the oldest; -1 is no limit. */
    CHECK_HR(ID3D11InfoQueue_SetMessageCountLimit(q, 1), S_OK);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 1);
    CHECK_EQ(ID3D11InfoQueue_GetNumMessagesDiscardedByMessageCountLimit(q), 2);
    CHECK_HR(ID3D11InfoQueue_SetMessageCountLimit(q, (UINT64)-1), S_OK);
    for (int i = 0; i < 1100; i++)
        ID3D11InfoQueue_AddApplicationMessage(q, D3D11_MESSAGE_SEVERITY_INFO, "many");
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 1101);

    /* Negative: bad severity / category, NULL text; nothing stored. */
    CHECK_HR(ID3D11InfoQueue_AddApplicationMessage(q, (D3D11_MESSAGE_SEVERITY)5, "x"),
             E_INVALIDARG);
    CHECK_HR(ID3D11InfoQueue_AddApplicationMessage(q, D3D11_MESSAGE_SEVERITY_INFO, NULL),
             E_INVALIDARG);
    CHECK_HR(ID3D11InfoQueue_AddMessage(q, (D3D11_MESSAGE_CATEGORY)11,
                                        D3D11_MESSAGE_SEVERITY_INFO, 0, "x"), E_INVALIDARG);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 1101);
    debug_done(dev, q, NULL);
}

TEST(d3d11_debug_break_and_mute)
{
    ID3D11InfoQueue *q;
    ID3D11Device *dev = debug_device(&q, NULL);

    CHECK(!ID3D11InfoQueue_GetBreakOnSeverity(q, D3D11_MESSAGE_SEVERITY_ERROR));
    CHECK_HR(ID3D11InfoQueue_SetBreakOnSeverity(q, D3D11_MESSAGE_SEVERITY_ERROR, TRUE), S_OK);
    CHECK(ID3D11InfoQueue_GetBreakOnSeverity(q, D3D11_MESSAGE_SEVERITY_ERROR));
    CHECK(!ID3D11InfoQueue_GetBreakOnSeverity(q, D3D11_MESSAGE_SEVERITY_WARNING));
    CHECK_HR(ID3D11InfoQueue_SetBreakOnCategory(q, D3D11_MESSAGE_CATEGORY_SHADER, TRUE), S_OK);
    CHECK(ID3D11InfoQueue_GetBreakOnCategory(q, D3D11_MESSAGE_CATEGORY_SHADER));
    CHECK_HR(ID3D11InfoQueue_SetBreakOnCategory(q, D3D11_MESSAGE_CATEGORY_SHADER, FALSE), S_OK);
    CHECK(!ID3D11InfoQueue_GetBreakOnCategory(q, D3D11_MESSAGE_CATEGORY_SHADER));
    CHECK_HR(ID3D11InfoQueue_SetBreakOnID(q, D3D11_MESSAGE_ID_LIVE_BUFFER, TRUE), S_OK);
    CHECK(ID3D11InfoQueue_GetBreakOnID(q, D3D11_MESSAGE_ID_LIVE_BUFFER));
    CHECK(!ID3D11InfoQueue_GetBreakOnID(q, D3D11_MESSAGE_ID_LIVE_TEXTURE2D));
    CHECK_HR(ID3D11InfoQueue_SetBreakOnID(q, D3D11_MESSAGE_ID_LIVE_BUFFER, FALSE), S_OK);
    CHECK(!ID3D11InfoQueue_GetBreakOnID(q, D3D11_MESSAGE_ID_LIVE_BUFFER));
    CHECK_HR(ID3D11InfoQueue_SetBreakOnSeverity(q, (D3D11_MESSAGE_SEVERITY)7, TRUE), E_INVALIDARG);
    CHECK_HR(ID3D11InfoQueue_SetBreakOnCategory(q, (D3D11_MESSAGE_CATEGORY)-1, TRUE),
             E_INVALIDARG);
    CHECK(!ID3D11InfoQueue_GetBreakOnSeverity(q, (D3D11_MESSAGE_SEVERITY)7));

    /* Muted (debug_device): still stored. */
    CHECK(ID3D11InfoQueue_GetMuteDebugOutput(q));
    refuse_texture(dev);
    CHECK_EQ(ID3D11InfoQueue_GetNumStoredMessages(q), 1);
    ID3D11InfoQueue_SetMuteDebugOutput(q, FALSE);
    CHECK(!ID3D11InfoQueue_GetMuteDebugOutput(q));
    debug_done(dev, q, NULL);
}

/* How many stored messages have `id`, and whether one of them contains `text`. */
static int count_id(ID3D11InfoQueue *q, D3D11_MESSAGE_ID id, const char *text, bool *found)
{
    UINT64 n = ID3D11InfoQueue_GetNumStoredMessages(q);
    int count = 0;
    for (UINT64 i = 0; i < n; i++) {
        D3D11_MESSAGE *m = get_message(q, i);
        if (m->ID == id) {
            count++;
            CHECK_EQ(m->Category, D3D11_MESSAGE_CATEGORY_STATE_CREATION);
            CHECK_EQ(m->Severity, D3D11_MESSAGE_SEVERITY_WARNING);
            if (text && found && strstr(m->pDescription, text))
                *found = true;
        }
        free(m);
    }
    return count;
}

TEST(d3d11_debug_report_live_objects)
{
    ID3D11InfoQueue *q;
    ID3D11Debug *debug;
    ID3D11Device *dev = debug_device(&q, &debug);
    ID3D11Buffer *b = ctx_buffer(dev, 64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0);
    D3D11_TEXTURE2D_DESC d = ctx_tex_desc(4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                                          D3D11_BIND_SHADER_RESOURCE);
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    bool named = false;
    char name[32];

    CHECK_HR(ID3D11Device_CreateTexture2D(dev, &d, NULL, &t), S_OK);
    CHECK_HR(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)t, NULL, &srv), S_OK);
    CHECK_HR(ID3D11Texture2D_SetPrivateData(t, &WKPDID_D3DDebugObjectName, 7, "albedo!"), S_OK);

    CHECK_HR(ID3D11Debug_ReportLiveDeviceObjects(debug, D3D11_RLDO_DETAIL), S_OK);
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_LIVE_DEVICE, NULL, NULL), 1);
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_LIVE_CONTEXT, NULL, NULL), 1);
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_LIVE_BUFFER, NULL, NULL), 1);
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_LIVE_TEXTURE2D, "Name: \"albedo!\"", &named), 1);
    CHECK(named);
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_LIVE_SHADERRESOURCEVIEW, NULL, NULL), 1);
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_LIVE_OBJECT_SUMMARY, NULL, NULL), 0);
    ID3D11InfoQueue_ClearStoredMessages(q);

    /* Released objects are no longer reported; the summary counts what is left. */
    ID3D11Buffer_Release(b);
    ID3D11ShaderResourceView_Release(srv);
    CHECK_HR(ID3D11Debug_ReportLiveDeviceObjects(debug, D3D11_RLDO_SUMMARY | D3D11_RLDO_DETAIL |
                                                            D3D11_RLDO_IGNORE_INTERNAL), S_OK);
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_LIVE_BUFFER, NULL, NULL), 0);
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_LIVE_SHADERRESOURCEVIEW, NULL, NULL), 0);
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_LIVE_TEXTURE2D, NULL, NULL), 1);
    snprintf(name, sizeof(name), "live objects: 1");
    named = false;
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_LIVE_OBJECT_SUMMARY, name, &named), 1);
    CHECK(named);
    ID3D11Texture2D_Release(t);

    /* Negative: unknown flags; nothing reported. */
    ID3D11InfoQueue_ClearStoredMessages(q);
    CHECK_HR(ID3D11Debug_ReportLiveDeviceObjects(debug, (D3D11_RLDO_FLAGS)0x8), E_INVALIDARG);
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_LIVE_DEVICE, NULL, NULL), 0);
    debug_done(dev, q, debug);
}

/* A context state (ID3D11Device1::CreateDeviceContextState) is listed by its kind. */
TEST(d3d11_debug_report_live_context_state)
{
    ID3D11InfoQueue *q;
    ID3D11Debug *debug;
    ID3D11Device *dev = debug_device(&q, &debug);
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
    ID3DDeviceContextState *st = NULL;
    bool named = false;
    CHECK_HR(ID3D11Device1_CreateDeviceContextState((ID3D11Device1 *)dev, 0, &level, 1,
                                                    D3D11_SDK_VERSION, &IID_ID3D11Device1, NULL,
                                                    &st), S_OK);
    ID3D11InfoQueue_ClearStoredMessages(q);
    CHECK_HR(ID3D11Debug_ReportLiveDeviceObjects(debug, D3D11_RLDO_DETAIL), S_OK);
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_UNKNOWN, "Live ID3DDeviceContextState at", &named), 1);
    CHECK(named);
    if (st)
        ID3DDeviceContextState_Release(st);
    ID3D11InfoQueue_ClearStoredMessages(q);
    CHECK_HR(ID3D11Debug_ReportLiveDeviceObjects(debug, D3D11_RLDO_DETAIL), S_OK);
    CHECK_EQ(count_id(q, D3D11_MESSAGE_ID_UNKNOWN, NULL, NULL), 0);
    debug_done(dev, q, debug);
}

TEST(d3d11_debug_settings_and_validate)
{
    ID3D11InfoQueue *q;
    ID3D11Debug *debug;
    ID3D11Device *dev = debug_device(&q, &debug), *other;
    ID3D11DeviceContext *ctx = NULL, *other_ctx;
    IDXGISwapChain *got = (IDXGISwapChain *)1;

    CHECK_EQ(ID3D11Debug_GetFeatureMask(debug), 0);
    CHECK_HR(ID3D11Debug_SetFeatureMask(debug, D3D11_DEBUG_FEATURE_FINISH_PER_RENDER_OP), S_OK);
    CHECK_EQ(ID3D11Debug_GetFeatureMask(debug), D3D11_DEBUG_FEATURE_FINISH_PER_RENDER_OP);
    CHECK_HR(ID3D11Debug_SetFeatureMask(debug, 0x20), E_INVALIDARG);   /* no such bit */
    CHECK_EQ(ID3D11Debug_GetFeatureMask(debug), D3D11_DEBUG_FEATURE_FINISH_PER_RENDER_OP);
    CHECK_HR(ID3D11Debug_SetPresentPerRenderOpDelay(debug, 25), S_OK);
    CHECK_EQ(ID3D11Debug_GetPresentPerRenderOpDelay(debug), 25);
    CHECK_HR(ID3D11Debug_GetSwapChain(debug, &got), S_OK);
    CHECK(got == NULL);
    CHECK_HR(ID3D11Debug_GetSwapChain(debug, NULL), E_INVALIDARG);

    ID3D11Device_GetImmediateContext(dev, &ctx);
    CHECK_HR(ID3D11Debug_ValidateContext(debug, ctx), S_OK);
    CHECK_HR(ID3D11Debug_ValidateContextForDispatch(debug, ctx), S_OK);
    CHECK_HR(ID3D11Debug_ValidateContext(debug, NULL), E_INVALIDARG);
    other = ctx_device(D3D_FEATURE_LEVEL_9_3, &other_ctx);
    CHECK_HR(ID3D11Debug_ValidateContext(debug, other_ctx), E_INVALIDARG);
    ctx_done(other, other_ctx);
    ID3D11DeviceContext_Release(ctx);
    debug_done(dev, q, debug);
}
