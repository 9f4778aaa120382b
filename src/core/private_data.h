/* src/core/private_data.h — the GUID-keyed private data store that D3D11 device children,
 * DXGI objects and D3D9 resources all expose (SetPrivateData / GetPrivateData /
 * SetPrivateDataInterface / FreePrivateData).
 *
 * The store is API-neutral: it answers with core_pd_status and each front-end maps that onto its
 * own documented HRESULT (DXGI_ERROR_NOT_FOUND / D3DERR_NOTFOUND, DXGI_ERROR_MORE_DATA /
 * D3DERR_MOREDATA).  Interfaces stored with set_interface are AddRef'd, released when replaced,
 * removed or when the store is freed, and AddRef'd again for every successful get.
 * Thread safety: one mutex per store, as private data may be set from any thread.
 */
#ifndef SOFTD3D_CORE_PRIVATE_DATA_H
#define SOFTD3D_CORE_PRIVATE_DATA_H

#include <pthread.h>

#include "unknwn.h"

typedef enum core_pd_status {
    CORE_PD_OK,
    CORE_PD_NOT_FOUND,
    CORE_PD_MORE_DATA,   /* caller's buffer too small; *size set to the stored size */
    CORE_PD_OUT_OF_MEMORY,
    CORE_PD_INVALID,     /* NULL guid or size pointer */
} core_pd_status;

struct core_pd_entry;

typedef struct core_private_data {
    pthread_mutex_t lock;
    struct core_pd_entry *head;
} core_private_data;

void core_pd_init(core_private_data *pd);
void core_pd_free(core_private_data *pd);

/* size 0 removes the entry, as documented for SetPrivateData; size > 0 with NULL data is
 * CORE_PD_INVALID. */
core_pd_status core_pd_set(core_private_data *pd, const GUID *guid, UINT size, const void *data);
/* iface NULL removes the entry. */
core_pd_status core_pd_set_interface(core_private_data *pd, const GUID *guid, IUnknown *iface);
/* data NULL: report the size only.  An interface entry copies an IUnknown pointer (and AddRefs). */
core_pd_status core_pd_get(core_private_data *pd, const GUID *guid, UINT *size, void *data);

#endif
