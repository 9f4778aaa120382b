/* src/util/log.c — see log.h. */
#include "util/log.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static _Thread_local char last_message[512];

bool util_debug_env(void)
{
    const char *v = getenv("SOFTD3D_DEBUG");
    return v && v[0] && strcmp(v, "0") != 0;
}

void util_msg(bool force, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_message, sizeof(last_message), fmt, ap);
    va_end(ap);
    if (force || util_debug_env())
        fprintf(stderr, "softd3d: %s\n", last_message);
}

const char *util_last_message(void)
{
    return last_message;
}

void util_clear_last_message(void)
{
    last_message[0] = 0;
}

/* Which stubs already printed: a small open-addressed set of name pointers (the names are string
 * literals of the generated stubs, so pointer identity is enough). */
#define UNIMPL_SLOTS 1024
static const char *unimpl_seen[UNIMPL_SLOTS];
static pthread_mutex_t unimpl_lock = PTHREAD_MUTEX_INITIALIZER;

void softd3d_log_unimplemented(const char *iface_method)
{
    size_t h = ((size_t)(uintptr_t)iface_method >> 3) % UNIMPL_SLOTS;
    bool first = true;
    pthread_mutex_lock(&unimpl_lock);
    for (size_t n = 0; n < UNIMPL_SLOTS; n++, h = (h + 1) % UNIMPL_SLOTS) {
        if (unimpl_seen[h] == iface_method) {
            first = false;
            break;
        }
        if (!unimpl_seen[h]) {
            unimpl_seen[h] = iface_method;
            break;
        }
    }
    pthread_mutex_unlock(&unimpl_lock);
    if (first)
        fprintf(stderr, "softd3d: %s is not implemented (E_NOTIMPL)\n", iface_method);
    util_msg(false, "%s is not implemented", iface_method);
}
