/* tests/harness.h — softd3d's minimal test harness.
 *
 * A test file defines cases with TEST(name) { ... } and checks with CHECK*(); cases register
 * themselves (constructor attribute), and harness_main.c runs them all, printing one line per
 * failed check and, last, "<binary>: N passed, N failed, N skipped".
 *
 *   TEST(seed000_9_1_caps2) {
 *       CHECK(x == 1);
 *       CHECK_EQ(a, b);                    integers, printed on failure
 *       CHECK_HR(ID3D11Device_Foo(...), E_INVALIDARG);
 *       if (!tool_found) SKIP("vkd3d-compiler not installed");
 *   }
 *
 * A case passes when none of its checks failed; SKIP() ends the case as skipped (with a message,
 * never counted as passed).  Run one binary with a substring argument to run only matching cases.
 */
#ifndef SOFTD3D_TESTS_HARNESS_H
#define SOFTD3D_TESTS_HARNESS_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {   /* the harness is C; C++ test files (tests/cxx/) use it too */
#endif
typedef void (*harness_fn)(void);
void harness_register(const char *name, harness_fn fn);
void harness_fail(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void harness_skip(const char *why);
int harness_case_failed(void);
#ifdef __cplusplus
}
#endif

#define TEST(name)                                                              \
    static void test_##name(void);                                              \
    __attribute__((constructor)) static void test_register_##name(void)        \
    {                                                                           \
        harness_register(#name, test_##name);                                   \
    }                                                                           \
    static void test_##name(void)

#define CHECK(cond)                                                             \
    do {                                                                        \
        if (!(cond)) harness_fail(__FILE__, __LINE__, "CHECK(%s)", #cond);      \
    } while (0)

#define CHECK_EQ(a, b)                                                          \
    do {                                                                        \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);         \
        if (check_a_ != check_b_)                                               \
            harness_fail(__FILE__, __LINE__, "%s == %s: %lld != %lld (0x%llx != 0x%llx)", #a, #b, \
                         check_a_, check_b_, (unsigned long long)check_a_,      \
                         (unsigned long long)check_b_);                         \
    } while (0)

/* HRESULTs are compared as 32-bit values and printed in hex. */
#define CHECK_HR(expr, expected)                                                \
    do {                                                                        \
        uint32_t check_hr_ = (uint32_t)(expr), check_want_ = (uint32_t)(expected); \
        if (check_hr_ != check_want_)                                           \
            harness_fail(__FILE__, __LINE__, "%s returned 0x%08x, expected %s (0x%08x)", #expr, \
                         (unsigned)check_hr_, #expected, (unsigned)check_want_); \
    } while (0)

#define CHECK_STR_CONTAINS(hay, needle)                                         \
    do {                                                                        \
        const char *check_h_ = (hay), *check_n_ = (needle);                     \
        if (!check_h_ || !strstr(check_h_, check_n_))                           \
            harness_fail(__FILE__, __LINE__, "\"%s\" does not contain \"%s\"",  \
                         check_h_ ? check_h_ : "(null)", check_n_);             \
    } while (0)

#define SKIP(why)                                                               \
    do {                                                                        \
        harness_skip(why);                                                      \
        return;                                                                 \
    } while (0)

#endif /* SOFTD3D_TESTS_HARNESS_H */
