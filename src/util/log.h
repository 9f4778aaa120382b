/* src/util/log.h — softd3d's two message channels.
 *
 * 1. Refusal messages: every refused API call says why in one line ("CreateSamplerState:
 *    MaxAnisotropy 4 exceeds 2 at feature level 9_1 (seed 004)").  The line is printed to stderr
 *    when SOFTD3D_DEBUG=1 or when the caller's object asked for debug output (the D3D11 debug
 *    creation flag), and is always kept as the calling thread's "last message" so tests can check
 *    the wording without scraping stderr.
 * 2. Unimplemented methods: the first call of each stubbed method prints one line, always.
 */
#ifndef SOFTD3D_UTIL_LOG_H
#define SOFTD3D_UTIL_LOG_H

#include <stdbool.h>

/* True when SOFTD3D_DEBUG is set to a non-empty value other than "0". */
bool util_debug_env(void);

/* Formats one refusal line, keeps it as the thread's last message and prints it to stderr if
 * `force` or util_debug_env().  No trailing newline in fmt. */
void util_msg(bool force, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The calling thread's last refusal message ("" if none) and a way to clear it. */
const char *util_last_message(void);
void util_clear_last_message(void);

/* Called by the generated E_NOTIMPL stubs; prints "softd3d: X::Y is not implemented" once. */
void softd3d_log_unimplemented(const char *iface_method);

#endif
