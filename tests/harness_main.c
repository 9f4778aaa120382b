/* tests/harness_main.c — runs the cases registered by TEST(); see harness.h. */
#include "harness.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define HARNESS_MAX_CASES 4096

static struct {
    const char *name;
    harness_fn fn;
} cases[HARNESS_MAX_CASES];
static int ncases;
static int cur_failed, cur_skipped;
static const char *cur_name;

void harness_register(const char *name, harness_fn fn)
{
    if (ncases == HARNESS_MAX_CASES) {
        fprintf(stderr, "harness: more than %d cases\n", HARNESS_MAX_CASES);
        abort();
    }
    cases[ncases].name = name;
    cases[ncases].fn = fn;
    ncases++;
}

void harness_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    printf("FAIL %s: %s:%d: ", cur_name, file, line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    cur_failed++;
}

void harness_skip(const char *why)
{
    printf("SKIP %s: %s\n", cur_name, why);
    cur_skipped = 1;
}

int harness_case_failed(void)
{
    return cur_failed != 0;
}

static int by_name(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    return strcmp(x, y);
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0, skipped = 0;
    const char *filter = argc > 1 ? argv[1] : NULL;
    const char *prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    int verbose = getenv("HARNESS_VERBOSE") != NULL;

    /* Constructor order is unspecified; sort so that runs are reproducible. */
    qsort(cases, (size_t)ncases, sizeof(cases[0]), by_name);
    setvbuf(stdout, NULL, _IOLBF, 0);
    for (int i = 0; i < ncases; i++) {
        if (filter && !strstr(cases[i].name, filter))
            continue;
        cur_name = cases[i].name;
        cur_failed = 0;
        cur_skipped = 0;
        cases[i].fn();
        if (cur_failed)
            failed++;
        else if (cur_skipped)
            skipped++;
        else {
            passed++;
            if (verbose)
                printf("ok   %s\n", cur_name);
        }
    }
    printf("%s: %d passed, %d failed, %d skipped\n", prog, passed, failed, skipped);
    return failed ? 1 : 0;
}
