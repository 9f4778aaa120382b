/* tests/test_d3d11_formats.c — (placeholder; filled by the 10Level9 work) */
#include "harness.h"
