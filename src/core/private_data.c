/* src/core/private_data.c — see private_data.h. */
#define COBJMACROS
#include "core/private_data.h"

#include <stdlib.h>
#include <string.h>

struct core_pd_entry {
    struct core_pd_entry *next;
    GUID guid;
    IUnknown *iface;     /* non-NULL for SetPrivateDataInterface entries */
    UINT size;
    unsigned char data[]; /* size bytes (or the pointer value for interface entries) */
};

void core_pd_init(core_private_data *pd)
{
    pthread_mutex_init(&pd->lock, NULL);
    pd->head = NULL;
}

static void entry_free(struct core_pd_entry *e)
{
    if (e->iface)
        IUnknown_Release(e->iface);
    free(e);
}

void core_pd_free(core_private_data *pd)
{
    struct core_pd_entry *e = pd->head, *next;
    for (; e; e = next) {
        next = e->next;
        entry_free(e);
    }
    pd->head = NULL;
    pthread_mutex_destroy(&pd->lock);
}

/* Unlinks and frees the entry for guid, if any.  Lock held. */
static void remove_locked(core_private_data *pd, const GUID *guid)
{
    for (struct core_pd_entry **p = &pd->head; *p; p = &(*p)->next) {
        if (IsEqualGUID(&(*p)->guid, guid)) {
            struct core_pd_entry *e = *p;
            *p = e->next;
            entry_free(e);
            return;
        }
    }
}

static core_pd_status insert(core_private_data *pd, const GUID *guid, UINT size, const void *data,
                             IUnknown *iface)
{
    struct core_pd_entry *e = NULL;
    if (size || iface) {
        e = malloc(sizeof(*e) + (iface ? sizeof(iface) : size));
        if (!e)
            return CORE_PD_OUT_OF_MEMORY;
        e->guid = *guid;
        e->iface = iface;
        e->size = iface ? (UINT)sizeof(iface) : size;
        memcpy(e->data, iface ? (const void *)&iface : data, e->size);
        if (iface)
            IUnknown_AddRef(iface);
    }
    pthread_mutex_lock(&pd->lock);
    remove_locked(pd, guid);
    if (e) {
        e->next = pd->head;
        pd->head = e;
    }
    pthread_mutex_unlock(&pd->lock);
    return CORE_PD_OK;
}

core_pd_status core_pd_set(core_private_data *pd, const GUID *guid, UINT size, const void *data)
{
    if (!guid || (size && !data))
        return CORE_PD_INVALID;
    return insert(pd, guid, size, data, NULL);
}

core_pd_status core_pd_set_interface(core_private_data *pd, const GUID *guid, IUnknown *iface)
{
    if (!guid)
        return CORE_PD_INVALID;
    return insert(pd, guid, 0, NULL, iface);
}

core_pd_status core_pd_get(core_private_data *pd, const GUID *guid, UINT *size, void *data)
{
    core_pd_status st = CORE_PD_NOT_FOUND;
    if (!guid || !size)
        return CORE_PD_INVALID;
    pthread_mutex_lock(&pd->lock);
    for (struct core_pd_entry *e = pd->head; e; e = e->next) {
        if (!IsEqualGUID(&e->guid, guid))
            continue;
        if (!data) {
            *size = e->size;
            st = CORE_PD_OK;
        } else if (*size < e->size) {
            *size = e->size;
            st = CORE_PD_MORE_DATA;
        } else {
            *size = e->size;
            memcpy(data, e->data, e->size);
            if (e->iface)
                IUnknown_AddRef(e->iface);
            st = CORE_PD_OK;
        }
        break;
    }
    pthread_mutex_unlock(&pd->lock);
    if (st == CORE_PD_NOT_FOUND)
        *size = 0;
    return st;
}
