/* src/d3d11/info_queue.c — ID3D11InfoQueue of a debug device (d3d11sdklayers.h).
 *
 * What goes in: every refusal line the device prints under SOFTD3D_DEBUG=1 / the debug flag
 * (d3d11_device_msg, debug.c), the live-object report of ID3D11Debug::ReportLiveDeviceObjects,
 * and AddMessage / AddApplicationMessage.
 *
 * The rules (learn.microsoft.com, "ID3D11InfoQueue interface" and its methods,
 * "D3D11_INFO_QUEUE_FILTER", "D3D10_INFO_QUEUE_FILTER"):
 *   - the queue keeps at most GetMessageCountLimit messages (D3D11_INFO_QUEUE_DEFAULT_MESSAGE_
 *     COUNT_LIMIT, 1024); "-1 means no limit"; when full, "new messages coming in will push old
 *     messages out" (GetNumMessagesDiscardedByMessageCountLimit counts them);
 *   - the storage filter decides what is stored, the retrieval filter what GetMessage and
 *     GetNumStoredMessagesAllowedByRetrievalFilter see; each is the top of a stack (Push* /
 *     Pop*), and the Add*FilterEntries / Get*Filter / Clear*Filter methods act on the top;
 *   - "Providing an allow list with non-zero values causes only the specified combination of
 *     categories, severities and message IDs to be allowed ... a deny list with non-zero values
 *     causes the specified combination ... to be rejected": softd3d reads "combination" as each
 *     non-empty allow list having to contain the message's value, and any non-empty deny list
 *     containing it rejecting the message (a deny list of only severities denies those
 *     severities whatever the category, which is how programs use it);
 *   - GetMessage writes a D3D11_MESSAGE followed by its description; with pMessage NULL it
 *     gives the size needed in *pMessageByteLength.  Get*Filter does the same for a filter,
 *     with its lists after the structure.
 *   - break-on settings are stored and answered (Get*); softd3d has no debugger to break into,
 *     so they have no other effect (README).  SetMuteDebugOutput(TRUE) stops the debug output
 *     (softd3d's: the stderr line the debug flag prints); messages are still stored.
 * What the documentation leaves open, softd3d answers E_INVALIDARG: a NULL or inconsistent
 * filter (a count with a NULL list, a category or severity out of range), an output buffer
 * smaller than the size, a message index past the retrievable ones.
 */
#include "d3d11/d3d11_debug.h"

#include <stdlib.h>
#include <string.h>

#include "util/log.h"

static inline struct d3d11_debug_layer *layer_of(ID3D11InfoQueue *iface)
{
    return d3d11_debug_layer_from_queue(iface);
}

#define IQ_CATEGORIES (D3D11_MESSAGE_CATEGORY_SHADER + 1)
#define IQ_SEVERITIES (D3D11_MESSAGE_SEVERITY_MESSAGE + 1)

/* ---- filters ---- */

static void iq_list_free(struct d3d11_iq_list *l)
{
    for (int k = 0; k < 3; k++)
        free(l->values[k]);
    memset(l, 0, sizeof(*l));
}

static void iq_filter_free(struct d3d11_iq_filter *f)
{
    iq_list_free(&f->allow);
    iq_list_free(&f->deny);
}

static bool iq_list_has(const struct d3d11_iq_list *l, int k, UINT v)
{
    for (UINT i = 0; i < l->count[k]; i++)
        if (l->values[k][i] == v)
            return true;
    return false;
}

static bool iq_filter_passes(const struct d3d11_iq_filter *f, const struct d3d11_iq_message *m)
{
    const UINT v[3] = { (UINT)m->category, (UINT)m->severity, (UINT)m->id };
    for (int k = 0; k < 3; k++) {
        if (f->allow.count[k] && !iq_list_has(&f->allow, k, v[k]))
            return false;
        if (f->deny.count[k] && iq_list_has(&f->deny, k, v[k]))
            return false;
    }
    return true;
}

/* The three (count, list) pairs of a D3D11_INFO_QUEUE_FILTER_DESC, as UINT arrays (the enums
 * are 32-bit: test_layout_d3d11_34.c). */
static void desc_lists(const D3D11_INFO_QUEUE_FILTER_DESC *d, UINT count[3], const UINT *list[3])
{
    count[0] = d->NumCategories;
    list[0] = (const UINT *)d->pCategoryList;
    count[1] = d->NumSeverities;
    list[1] = (const UINT *)d->pSeverityList;
    count[2] = d->NumIDs;
    list[2] = (const UINT *)d->pIDList;
}

static bool desc_valid(const D3D11_INFO_QUEUE_FILTER_DESC *d, const char *method, bool print)
{
    static const UINT limit[3] = { IQ_CATEGORIES, IQ_SEVERITIES, UINT32_MAX };
    static const char *const what[3] = { "category", "severity", "ID" };
    UINT count[3];
    const UINT *list[3];
    desc_lists(d, count, list);
    for (int k = 0; k < 3; k++) {
        if (count[k] && !list[k]) {
            util_msg(print, "ID3D11InfoQueue::%s: %u %s entries and a NULL list", method,
                     count[k], what[k]);
            return false;
        }
        for (UINT i = 0; i < count[k] && k < 2; i++)
            if (list[k][i] >= limit[k]) {
                util_msg(print, "ID3D11InfoQueue::%s: %u is not a message %s", method,
                         list[k][i], what[k]);
                return false;
            }
    }
    return true;
}

/* Appends a description's entries to a list; false (list unchanged) when out of memory. */
static bool iq_list_add(struct d3d11_iq_list *l, const D3D11_INFO_QUEUE_FILTER_DESC *d)
{
    UINT count[3];
    const UINT *list[3];
    UINT *grown[3] = { NULL, NULL, NULL };
    desc_lists(d, count, list);
    for (int k = 0; k < 3; k++) {
        if (!count[k])
            continue;
        if ((size_t)l->count[k] + count[k] > UINT32_MAX ||
            !(grown[k] = malloc(((size_t)l->count[k] + count[k]) * sizeof(UINT)))) {
            for (int j = 0; j < k; j++)
                free(grown[j]);
            return false;
        }
    }
    for (int k = 0; k < 3; k++) {
        if (!count[k])
            continue;
        if (l->count[k])
            memcpy(grown[k], l->values[k], l->count[k] * sizeof(UINT));
        memcpy(grown[k] + l->count[k], list[k], count[k] * sizeof(UINT));
        free(l->values[k]);
        l->values[k] = grown[k];
        l->count[k] += count[k];
    }
    return true;
}

static D3D11_INFO_QUEUE_FILTER_DESC list_as_desc(const struct d3d11_iq_list *l)
{
    D3D11_INFO_QUEUE_FILTER_DESC d = {
        .NumCategories = l->count[0], .pCategoryList = (D3D11_MESSAGE_CATEGORY *)l->values[0],
        .NumSeverities = l->count[1], .pSeverityList = (D3D11_MESSAGE_SEVERITY *)l->values[1],
        .NumIDs = l->count[2], .pIDList = (D3D11_MESSAGE_ID *)l->values[2],
    };
    return d;
}

/* `f` + `in`'s entries into `out` (zeroed by the caller); false when out of memory. */
static bool iq_filter_merge(struct d3d11_iq_filter *out, const struct d3d11_iq_filter *f,
                            const D3D11_INFO_QUEUE_FILTER *in)
{
    D3D11_INFO_QUEUE_FILTER_DESC allow = list_as_desc(&f->allow), deny = list_as_desc(&f->deny);
    bool ok = iq_list_add(&out->allow, &allow) && iq_list_add(&out->deny, &deny);
    if (ok && in)
        ok = iq_list_add(&out->allow, &in->AllowList) && iq_list_add(&out->deny, &in->DenyList);
    if (!ok)
        iq_filter_free(out);
    return ok;
}

/* Adds a filter's entries to `f` (validated first: nothing changes on a refusal). */
static HRESULT iq_filter_add(struct d3d11_iq_filter *f, const D3D11_INFO_QUEUE_FILTER *in,
                             const char *method, bool print)
{
    struct d3d11_iq_filter merged = { 0 };
    if (!in) {
        util_msg(print, "ID3D11InfoQueue::%s: pFilter is NULL", method);
        return E_INVALIDARG;
    }
    if (!desc_valid(&in->AllowList, method, print) || !desc_valid(&in->DenyList, method, print))
        return E_INVALIDARG;
    if (!iq_filter_merge(&merged, f, in))
        return E_OUTOFMEMORY;
    iq_filter_free(f);
    *f = merged;
    return S_OK;
}

/* ---- filter stacks ---- */

static struct d3d11_iq_filter *stack_top(struct d3d11_iq_stack *st)
{
    return &st->filters[st->size - 1];
}

static bool stack_init(struct d3d11_iq_stack *st)
{
    st->filters = calloc(4, sizeof(*st->filters));
    st->size = 1;
    st->capacity = 4;
    return st->filters != NULL;
}

static void stack_free(struct d3d11_iq_stack *st)
{
    for (UINT i = 0; i < st->size; i++)
        iq_filter_free(&st->filters[i]);
    free(st->filters);
}

/* Pushes a copy of the top (copy) or an empty filter, then adds `in`'s entries (may be NULL). */
static HRESULT stack_push(struct d3d11_iq_stack *st, bool copy, const D3D11_INFO_QUEUE_FILTER *in,
                          const char *method, bool print)
{
    struct d3d11_iq_filter merged = { 0 }, empty = { 0 };
    if (in && (!desc_valid(&in->AllowList, method, print) ||
               !desc_valid(&in->DenyList, method, print)))
        return E_INVALIDARG;
    if (st->size == UINT32_MAX)
        return E_OUTOFMEMORY;
    if (st->size == st->capacity) {
        UINT cap = st->capacity > UINT32_MAX / 2 ? UINT32_MAX : st->capacity * 2;
        struct d3d11_iq_filter *grown = realloc(st->filters, (size_t)cap * sizeof(*grown));
        if (!grown)
            return E_OUTOFMEMORY;
        st->filters = grown;
        st->capacity = cap;
    }
    if (!iq_filter_merge(&merged, copy ? stack_top(st) : &empty, in))
        return E_OUTOFMEMORY;
    st->filters[st->size++] = merged;
    return S_OK;
}

static void stack_pop(struct d3d11_iq_stack *st)
{
    if (st->size > 1)   /* the bottom (default) filter stays */
        iq_filter_free(&st->filters[--st->size]);
}

static size_t filter_bytes(const struct d3d11_iq_filter *f)
{
    size_t n = 0;
    for (int k = 0; k < 3; k++)
        n += ((size_t)f->allow.count[k] + f->deny.count[k]) * sizeof(UINT);
    return sizeof(D3D11_INFO_QUEUE_FILTER) + n;
}

static UINT *write_list(UINT *dst, const struct d3d11_iq_list *l, D3D11_INFO_QUEUE_FILTER_DESC *d)
{
    UINT *start[3];
    for (int k = 0; k < 3; k++) {
        start[k] = l->count[k] ? dst : NULL;
        if (l->count[k])
            memcpy(dst, l->values[k], l->count[k] * sizeof(UINT));
        dst += l->count[k];
    }
    d->NumCategories = l->count[0];
    d->pCategoryList = (D3D11_MESSAGE_CATEGORY *)start[0];
    d->NumSeverities = l->count[1];
    d->pSeverityList = (D3D11_MESSAGE_SEVERITY *)start[1];
    d->NumIDs = l->count[2];
    d->pIDList = (D3D11_MESSAGE_ID *)start[2];
    return dst;
}

static HRESULT filter_get(const struct d3d11_iq_filter *f, D3D11_INFO_QUEUE_FILTER *out,
                          SIZE_T *bytes, const char *method, bool print)
{
    size_t need = filter_bytes(f);
    if (!bytes) {
        util_msg(print, "ID3D11InfoQueue::%s: pFilterByteLength is NULL", method);
        return E_INVALIDARG;
    }
    if (!out) {
        *bytes = need;
        return S_OK;
    }
    if (*bytes < need) {
        util_msg(print, "ID3D11InfoQueue::%s: %zu bytes given, the filter needs %zu", method,
                 (size_t)*bytes, need);
        return E_INVALIDARG;
    }
    UINT *p = (UINT *)(out + 1);
    p = write_list(p, &f->allow, &out->AllowList);
    write_list(p, &f->deny, &out->DenyList);
    *bytes = need;
    return S_OK;
}

/* ---- the stored messages ---- */

static void message_free(struct d3d11_iq_message *m)
{
    free(m->text);
}

static void drop_oldest(struct d3d11_info_queue *q, size_t n)
{
    for (size_t i = 0; i < n; i++)
        message_free(&q->messages[i]);
    memmove(q->messages, q->messages + n, (q->count - n) * sizeof(*q->messages));
    q->count -= n;
    q->discarded += n;
}

bool d3d11_info_queue_add(struct d3d11_info_queue *q, D3D11_MESSAGE_CATEGORY category,
                          D3D11_MESSAGE_SEVERITY severity, D3D11_MESSAGE_ID id,
                          const char *text)
{
    struct d3d11_iq_message m = { category, severity, id, NULL, strlen(text) + 1 };
    if (!iq_filter_passes(stack_top(&q->storage), &m)) {
        q->denied++;
        return !atomic_load(&q->mute);
    }
    q->allowed++;
    if (q->limit == 0) {
        q->discarded++;
        return !atomic_load(&q->mute);
    }
    if (q->count == q->capacity) {
        size_t cap = q->capacity ? q->capacity * 2 : 64;
        struct d3d11_iq_message *grown = realloc(q->messages, cap * sizeof(*grown));
        if (!grown)
            return !atomic_load(&q->mute);   /* out of memory: lost, but still printed */
        q->messages = grown;
        q->capacity = cap;
    }
    if (!(m.text = malloc(m.bytes)))
        return !atomic_load(&q->mute);
    memcpy(m.text, text, m.bytes);
    if ((UINT64)q->count >= q->limit)
        drop_oldest(q, 1);
    q->messages[q->count++] = m;
    return !atomic_load(&q->mute);
}

static UINT64 retrievable_count(const struct d3d11_info_queue *q)
{
    const struct d3d11_iq_filter *f = &q->retrieval.filters[q->retrieval.size - 1];
    UINT64 n = 0;
    for (size_t i = 0; i < q->count; i++)
        n += iq_filter_passes(f, &q->messages[i]);
    return n;
}

/* The index-th message the retrieval filter lets through, or NULL. */
static const struct d3d11_iq_message *retrievable(struct d3d11_info_queue *q, UINT64 index)
{
    const struct d3d11_iq_filter *f = stack_top(&q->retrieval);
    for (size_t i = 0; i < q->count; i++)
        if (iq_filter_passes(f, &q->messages[i]) && index-- == 0)
            return &q->messages[i];
    return NULL;
}

bool d3d11_info_queue_init(struct d3d11_info_queue *q)
{
    memset(q, 0, sizeof(*q));
    q->limit = D3D11_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT;
    if (!stack_init(&q->storage) || !stack_init(&q->retrieval)) {
        free(q->storage.filters);
        free(q->retrieval.filters);
        return false;
    }
    return true;
}

void d3d11_info_queue_cleanup(struct d3d11_info_queue *q)
{
    for (size_t i = 0; i < q->count; i++)
        message_free(&q->messages[i]);
    free(q->messages);
    stack_free(&q->storage);
    stack_free(&q->retrieval);
    free(q->break_ids);
}

/* ---- ID3D11InfoQueue ---- */

/* The queue's own refusals are printed (as the debug device's are) unless it is muted. */
#define IQ_PRINT(l) (!atomic_load(&(l)->queue.mute))

/* Every method runs under the layer's lock: LOCKED(iface) { ... } holds it for the block. */
#define LOCKED(layer)                                                                          \
    for (int locked_once_ = (pthread_mutex_lock(&(layer)->lock), 1); locked_once_;            \
         locked_once_ = (pthread_mutex_unlock(&(layer)->lock), 0))

static inline struct d3d11_device *iq_device(ID3D11InfoQueue *iface)
{
    return layer_of(iface)->device;
}

D3D11_DEVICE_FACE_IUNKNOWN(iq, ID3D11InfoQueue, iq_device)

static HRESULT STDMETHODCALLTYPE iq_SetMessageCountLimit(ID3D11InfoQueue *iface, UINT64 limit)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    LOCKED(l) {
        l->queue.limit = limit;   /* UINT64_MAX (-1): no limit */
        if ((UINT64)l->queue.count > limit)
            drop_oldest(&l->queue, l->queue.count - (size_t)limit);
    }
    return S_OK;
}

static void STDMETHODCALLTYPE iq_ClearStoredMessages(ID3D11InfoQueue *iface)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    LOCKED(l) {
        for (size_t i = 0; i < l->queue.count; i++)
            message_free(&l->queue.messages[i]);
        l->queue.count = 0;
    }
}

static HRESULT STDMETHODCALLTYPE iq_GetMessage(ID3D11InfoQueue *iface, UINT64 index,
                                               D3D11_MESSAGE *out, SIZE_T *bytes)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    HRESULT hr = S_OK;
    if (!bytes) {
        util_msg(IQ_PRINT(l), "ID3D11InfoQueue::GetMessage: pMessageByteLength is NULL");
        return E_INVALIDARG;
    }
    LOCKED(l) {
        const struct d3d11_iq_message *m = retrievable(&l->queue, index);
        size_t need = m ? sizeof(D3D11_MESSAGE) + m->bytes : 0;
        if (!m) {
            util_msg(IQ_PRINT(l), "ID3D11InfoQueue::GetMessage: index %llu: only %llu messages "
                     "pass "
                     "the retrieval filter", (unsigned long long)index,
                     (unsigned long long)retrievable_count(&l->queue));
            hr = E_INVALIDARG;
        } else if (!out) {
            *bytes = need;
        } else if (*bytes < need) {
            util_msg(IQ_PRINT(l),
                     "ID3D11InfoQueue::GetMessage: %zu bytes given, the message needs %zu",
                     (size_t)*bytes, need);
            hr = E_INVALIDARG;
        } else {
            char *text = (char *)(out + 1);
            memcpy(text, m->text, m->bytes);
            out->Category = m->category;
            out->Severity = m->severity;
            out->ID = m->id;
            out->pDescription = text;
            out->DescriptionByteLength = m->bytes;
            *bytes = need;
        }
    }
    return hr;
}

/* The counters, read under the lock. */
#define IQ_GETTER(name, expr)                                                                  \
    static UINT64 STDMETHODCALLTYPE iq_##name(ID3D11InfoQueue *iface)                         \
    {                                                                                          \
        struct d3d11_debug_layer *l = layer_of(iface);                                        \
        struct d3d11_info_queue *q = &l->queue;                                               \
        UINT64 v = 0;                                                                          \
        LOCKED(l) v = (expr);                                                                  \
        return v;                                                                              \
    }
IQ_GETTER(GetNumMessagesAllowedByStorageFilter, q->allowed)
IQ_GETTER(GetNumMessagesDeniedByStorageFilter, q->denied)
IQ_GETTER(GetNumStoredMessages, (UINT64)q->count)
IQ_GETTER(GetNumMessagesDiscardedByMessageCountLimit, q->discarded)
IQ_GETTER(GetMessageCountLimit, q->limit)

static UINT64 STDMETHODCALLTYPE iq_GetNumStoredMessagesAllowedByRetrievalFilter(
    ID3D11InfoQueue *iface)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    UINT64 n = 0;
    LOCKED(l) n = retrievable_count(&l->queue);
    return n;
}

/* The storage and the retrieval filters have the same nine methods: one template. */
#define IQ_FILTER_METHODS(Kind, member)                                                        \
    static HRESULT STDMETHODCALLTYPE iq_Add##Kind##FilterEntries(ID3D11InfoQueue *iface,      \
                                                                 D3D11_INFO_QUEUE_FILTER *f)  \
    {                                                                                          \
        struct d3d11_debug_layer *l = layer_of(iface);                                        \
        HRESULT hr;                                                                            \
        pthread_mutex_lock(&l->lock);                                                         \
        hr = iq_filter_add(stack_top(&l->queue.member), f, "Add" #Kind "FilterEntries",      \
                           IQ_PRINT(l));                                                       \
        pthread_mutex_unlock(&l->lock);                                                       \
        return hr;                                                                             \
    }                                                                                          \
    static HRESULT STDMETHODCALLTYPE iq_Get##Kind##Filter(ID3D11InfoQueue *iface,             \
                                                          D3D11_INFO_QUEUE_FILTER *f,         \
                                                          SIZE_T *bytes)                      \
    {                                                                                          \
        struct d3d11_debug_layer *l = layer_of(iface);                                        \
        HRESULT hr;                                                                            \
        pthread_mutex_lock(&l->lock);                                                         \
        hr = filter_get(stack_top(&l->queue.member), f, bytes, "Get" #Kind "Filter",         \
                        IQ_PRINT(l));                                                          \
        pthread_mutex_unlock(&l->lock);                                                       \
        return hr;                                                                             \
    }                                                                                          \
    static void STDMETHODCALLTYPE iq_Clear##Kind##Filter(ID3D11InfoQueue *iface)              \
    {                                                                                          \
        struct d3d11_debug_layer *l = layer_of(iface);                                        \
        LOCKED(l) iq_filter_free(stack_top(&l->queue.member));                                \
    }                                                                                          \
    static HRESULT STDMETHODCALLTYPE iq_PushEmpty##Kind##Filter(ID3D11InfoQueue *iface)       \
    {                                                                                          \
        struct d3d11_debug_layer *l = layer_of(iface);                                        \
        HRESULT hr;                                                                            \
        pthread_mutex_lock(&l->lock);                                                         \
        hr = stack_push(&l->queue.member, false, NULL, "PushEmpty" #Kind "Filter",           \
                        IQ_PRINT(l));                                                          \
        pthread_mutex_unlock(&l->lock);                                                       \
        return hr;                                                                             \
    }                                                                                          \
    static HRESULT STDMETHODCALLTYPE iq_PushCopyOf##Kind##Filter(ID3D11InfoQueue *iface)      \
    {                                                                                          \
        struct d3d11_debug_layer *l = layer_of(iface);                                        \
        HRESULT hr;                                                                            \
        pthread_mutex_lock(&l->lock);                                                         \
        hr = stack_push(&l->queue.member, true, NULL, "PushCopyOf" #Kind "Filter",           \
                        IQ_PRINT(l));                                                          \
        pthread_mutex_unlock(&l->lock);                                                       \
        return hr;                                                                             \
    }                                                                                          \
    static HRESULT STDMETHODCALLTYPE iq_Push##Kind##Filter(ID3D11InfoQueue *iface,            \
                                                           D3D11_INFO_QUEUE_FILTER *f)        \
    {                                                                                          \
        struct d3d11_debug_layer *l = layer_of(iface);                                        \
        HRESULT hr;                                                                            \
        if (!f) {                                                                              \
            util_msg(IQ_PRINT(l), "ID3D11InfoQueue::Push" #Kind "Filter: pFilter is NULL");   \
            return E_INVALIDARG;                                                               \
        }                                                                                      \
        pthread_mutex_lock(&l->lock);                                                         \
        hr = stack_push(&l->queue.member, false, f, "Push" #Kind "Filter", IQ_PRINT(l));     \
        pthread_mutex_unlock(&l->lock);                                                       \
        return hr;                                                                             \
    }                                                                                          \
    static void STDMETHODCALLTYPE iq_Pop##Kind##Filter(ID3D11InfoQueue *iface)                \
    {                                                                                          \
        struct d3d11_debug_layer *l = layer_of(iface);                                        \
        LOCKED(l) stack_pop(&l->queue.member);                                                \
    }                                                                                          \
    static UINT STDMETHODCALLTYPE iq_Get##Kind##FilterStackSize(ID3D11InfoQueue *iface)       \
    {                                                                                          \
        struct d3d11_debug_layer *l = layer_of(iface);                                        \
        UINT n = 0;                                                                            \
        LOCKED(l) n = l->queue.member.size;                                                   \
        return n;                                                                              \
    }
IQ_FILTER_METHODS(Storage, storage)
IQ_FILTER_METHODS(Retrieval, retrieval)

static bool category_valid(D3D11_MESSAGE_CATEGORY c)
{
    return (UINT)c < IQ_CATEGORIES;
}

static bool severity_valid(D3D11_MESSAGE_SEVERITY s)
{
    return (UINT)s < IQ_SEVERITIES;
}

/* AddMessage: "used by the runtime's internal mechanisms to add debug messages to the message
 * queue and send them to debug output"; the message goes where the device's own do. */
static HRESULT STDMETHODCALLTYPE iq_AddMessage(ID3D11InfoQueue *iface,
                                               D3D11_MESSAGE_CATEGORY category,
                                               D3D11_MESSAGE_SEVERITY severity,
                                               D3D11_MESSAGE_ID id, LPCSTR text)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    bool print = false;
    if (!text || !category_valid(category) || !severity_valid(severity)) {
        util_msg(IQ_PRINT(l), "ID3D11InfoQueue::AddMessage: %s",
                 !text ? "pDescription is NULL"
                       : !category_valid(category) ? "not a D3D11_MESSAGE_CATEGORY"
                                                   : "not a D3D11_MESSAGE_SEVERITY");
        return E_INVALIDARG;
    }
    LOCKED(l) print = d3d11_info_queue_add(&l->queue, category, severity, id, text);
    if (print)
        util_msg(true, "%s", text);
    return S_OK;
}

/* "Adds a user-defined message to the message queue and sends that message to debug output":
 * category APPLICATION_DEFINED, ID UNKNOWN. */
static HRESULT STDMETHODCALLTYPE iq_AddApplicationMessage(ID3D11InfoQueue *iface,
                                                          D3D11_MESSAGE_SEVERITY severity,
                                                          LPCSTR text)
{
    return iq_AddMessage(iface, D3D11_MESSAGE_CATEGORY_APPLICATION_DEFINED, severity,
                         D3D11_MESSAGE_ID_UNKNOWN, text);
}

/* One bit of a break-on set (categories or severities). */
static HRESULT set_break_bit(struct d3d11_debug_layer *l, uint32_t *bits, int value, bool valid,
                             BOOL enable, const char *method)
{
    if (!valid) {
        util_msg(IQ_PRINT(l), "ID3D11InfoQueue::%s: %d is out of range", method, value);
        return E_INVALIDARG;
    }
    LOCKED(l) {
        if (enable)
            *bits |= 1u << value;
        else
            *bits &= ~(1u << value);
    }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE iq_SetBreakOnCategory(ID3D11InfoQueue *iface,
                                                       D3D11_MESSAGE_CATEGORY category,
                                                       BOOL enable)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    return set_break_bit(l, &l->queue.break_categories, category, category_valid(category),
                         enable, "SetBreakOnCategory");
}

static HRESULT STDMETHODCALLTYPE iq_SetBreakOnSeverity(ID3D11InfoQueue *iface,
                                                       D3D11_MESSAGE_SEVERITY severity,
                                                       BOOL enable)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    return set_break_bit(l, &l->queue.break_severities, severity, severity_valid(severity),
                         enable, "SetBreakOnSeverity");
}

static bool break_id_find(const struct d3d11_info_queue *q, UINT id, UINT *at)
{
    for (UINT i = 0; i < q->break_id_count; i++)
        if (q->break_ids[i] == id) {
            *at = i;
            return true;
        }
    return false;
}

static HRESULT STDMETHODCALLTYPE iq_SetBreakOnID(ID3D11InfoQueue *iface, D3D11_MESSAGE_ID id,
                                                 BOOL enable)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    struct d3d11_info_queue *q = &l->queue;
    HRESULT hr = S_OK;
    LOCKED(l) {
        UINT at;
        bool found = break_id_find(q, (UINT)id, &at);
        if (enable && !found) {
            UINT *grown = realloc(q->break_ids, ((size_t)q->break_id_count + 1) * sizeof(UINT));
            if (!grown)
                hr = E_OUTOFMEMORY;
            else {
                q->break_ids = grown;
                q->break_ids[q->break_id_count++] = (UINT)id;
            }
        } else if (!enable && found) {
            q->break_ids[at] = q->break_ids[--q->break_id_count];
        }
    }
    return hr;
}

static BOOL STDMETHODCALLTYPE iq_GetBreakOnCategory(ID3D11InfoQueue *iface,
                                                    D3D11_MESSAGE_CATEGORY category)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    BOOL on = FALSE;
    if (category_valid(category))
        LOCKED(l) on = (l->queue.break_categories >> category) & 1;
    return on;
}

static BOOL STDMETHODCALLTYPE iq_GetBreakOnSeverity(ID3D11InfoQueue *iface,
                                                    D3D11_MESSAGE_SEVERITY severity)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    BOOL on = FALSE;
    if (severity_valid(severity))
        LOCKED(l) on = (l->queue.break_severities >> severity) & 1;
    return on;
}

static BOOL STDMETHODCALLTYPE iq_GetBreakOnID(ID3D11InfoQueue *iface, D3D11_MESSAGE_ID id)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    BOOL on = FALSE;
    UINT at;
    LOCKED(l) on = break_id_find(&l->queue, (UINT)id, &at);
    return on;
}

static void STDMETHODCALLTYPE iq_SetMuteDebugOutput(ID3D11InfoQueue *iface, BOOL mute)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    atomic_store(&l->queue.mute, mute != FALSE);
}

static BOOL STDMETHODCALLTYPE iq_GetMuteDebugOutput(ID3D11InfoQueue *iface)
{
    struct d3d11_debug_layer *l = layer_of(iface);
    BOOL mute = FALSE;
    mute = atomic_load(&l->queue.mute);
    return mute;
}

#define IQ_FILTER_ENTRIES(Kind)                                                                \
    .Add##Kind##FilterEntries = iq_Add##Kind##FilterEntries,                                  \
    .Get##Kind##Filter = iq_Get##Kind##Filter, .Clear##Kind##Filter = iq_Clear##Kind##Filter, \
    .PushEmpty##Kind##Filter = iq_PushEmpty##Kind##Filter,                                    \
    .PushCopyOf##Kind##Filter = iq_PushCopyOf##Kind##Filter,                                  \
    .Push##Kind##Filter = iq_Push##Kind##Filter, .Pop##Kind##Filter = iq_Pop##Kind##Filter,   \
    .Get##Kind##FilterStackSize = iq_Get##Kind##FilterStackSize

const ID3D11InfoQueueVtbl d3d11_info_queue_vtbl = {
    .QueryInterface = iq_QueryInterface,
    .AddRef = iq_AddRef,
    .Release = iq_Release,
    .SetMessageCountLimit = iq_SetMessageCountLimit,
    .ClearStoredMessages = iq_ClearStoredMessages,
    .GetMessage = iq_GetMessage,
    .GetNumMessagesAllowedByStorageFilter = iq_GetNumMessagesAllowedByStorageFilter,
    .GetNumMessagesDeniedByStorageFilter = iq_GetNumMessagesDeniedByStorageFilter,
    .GetNumStoredMessages = iq_GetNumStoredMessages,
    .GetNumStoredMessagesAllowedByRetrievalFilter = iq_GetNumStoredMessagesAllowedByRetrievalFilter,
    .GetNumMessagesDiscardedByMessageCountLimit = iq_GetNumMessagesDiscardedByMessageCountLimit,
    .GetMessageCountLimit = iq_GetMessageCountLimit,
    IQ_FILTER_ENTRIES(Storage),
    IQ_FILTER_ENTRIES(Retrieval),
    .AddMessage = iq_AddMessage,
    .AddApplicationMessage = iq_AddApplicationMessage,
    .SetBreakOnCategory = iq_SetBreakOnCategory,
    .SetBreakOnSeverity = iq_SetBreakOnSeverity,
    .SetBreakOnID = iq_SetBreakOnID,
    .GetBreakOnCategory = iq_GetBreakOnCategory,
    .GetBreakOnSeverity = iq_GetBreakOnSeverity,
    .GetBreakOnID = iq_GetBreakOnID,
    .SetMuteDebugOutput = iq_SetMuteDebugOutput,
    .GetMuteDebugOutput = iq_GetMuteDebugOutput,
};
