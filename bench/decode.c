/* bench/decode.c — shader decoding speed (issue 4: "decoding a 4 KB shader takes well under
 * 1 ms").  Two programs of about 4 KB are assembled once with the project's assembler:
 *   - DXBC: a vs_4_0 listing of mad/dp4/mul/add/max over 8 temps, sized until the SHDR chunk
 *     is about 4 KB; timed: container parse + checksum check + SM4 decode + ir_validate
 *     (tpf_decode_blob), then ir_program_free.
 *   - d3dbc: a vs_2_0 listing of the same mix (about 4 KB of tokens); timed: d3dbc_decode
 *     (token read + translation + ir_validate).
 * Each is decoded repeatedly for 0.3 s after one warm-up; the mean time per decode is reported.
 * A measurement, never a test (DESIGN.md, "Performance rules"). */
#include "bench/decode.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "shader/d3dbc_ir.h"
#include "shader/ir.h"
#include "shader/shader_asm.h"
#include "shader/tpf.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Appends `count` ALU lines cycling through five instruction shapes. */
static size_t emit_body(char *buf, size_t cap, size_t len, int count, int sm4)
{
    static const char *const sm4_ops[] = {
        "mad r%d.xyzw, r%d.xyzw, v0.xyzw, r%d.xyzw\n", "dp4 r%d.x, r%d.xyzw, r%d.xyzw\n",
        "mul r%d.xyzw, r%d.xyzw, r%d.yzwx\n", "add r%d.xy, r%d.xyxx, r%d.zwzz\n",
        "max r%d.xyzw, r%d.xyzw, r%d.wzyx\n",
    };
    static const char *const sm2_ops[] = {
        "mad r%d, r%d, v0, r%d\n", "dp4 r%d.x, r%d, r%d\n", "mul r%d, r%d, r%d.yzwx\n",
        "add r%d.xy, r%d, r%d.zwzw\n", "max r%d, r%d, r%d.wzyx\n",
    };
    for (int i = 0; i < count && len + 64 < cap; i++) {
        const char *fmt = sm4 ? sm4_ops[i % 5] : sm2_ops[i % 5];
        len += (size_t)snprintf(buf + len, cap - len, fmt, i % 8, (i + 3) % 8, (i + 5) % 8);
    }
    return len;
}

static void *assemble(int sm4, int count, size_t *size)
{
    size_t cap = 64 * 1024, len = 0;
    char *text = malloc(cap), err[256];
    void *blob = NULL;
    if (!text)
        return NULL;
    if (sm4) {
        len += (size_t)snprintf(text + len, cap - len,
                                "vs_4_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\n"
                                "dcl_temps 8\n");
        for (int r = 0; r < 8; r++)
            len += (size_t)snprintf(text + len, cap - len, "mov r%d.xyzw, v0.xyzw\n", r);
    } else {
        len += (size_t)snprintf(text + len, cap - len, "vs_2_0\ndcl_position v0\n");
        for (int r = 0; r < 8; r++)
            len += (size_t)snprintf(text + len, cap - len, "mov r%d, v0\n", r);
    }
    len = emit_body(text, cap, len, count, sm4);
    len += (size_t)snprintf(text + len, cap - len,
                            sm4 ? "mov o0.xyzw, r0.xyzw\nret\n" : "mov oPos, r0\n");
    if (shader_assemble(text, len, &blob, size, err, sizeof(err)) < 0) {
        fprintf(stderr, "decode bench: assembling failed: %s\n", err);
        blob = NULL;
    }
    free(text);
    return blob;
}

static int decode_once(int sm4, const void *blob, size_t size)
{
    struct ir_program prog;
    int rc;
    if (sm4) {
        struct tpf_error err;
        rc = tpf_decode_blob(blob, size, 0, &prog, &err);
    } else {
        struct d3dbc_error err;
        rc = d3dbc_decode(blob, size, &prog, &err);
    }
    if (rc >= 0)
        ir_program_free(&prog);
    return rc;
}

int bench_decode(int json, int first)
{
    static const struct { int sm4; const char *name; int count; } cases[] = {
        { 1, "decode_dxbc_sm4_4kb", 125 },   /* about 30 bytes per SM4 instruction */
        { 0, "decode_d3dbc_vs_2_0_4kb", 240 },  /* about 17 bytes per instruction */
    };
    int errors = 0;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        size_t size = 0;
        void *blob = assemble(cases[i].sm4, cases[i].count, &size);
        long n = 0;
        double t0, t;
        if (!blob || decode_once(cases[i].sm4, blob, size) < 0) {
            fprintf(stderr, "decode bench: %s does not decode\n", cases[i].name);
            free(blob);
            errors++;
            continue;
        }
        t0 = now_s();
        do {
            decode_once(cases[i].sm4, blob, size);
            n++;
        } while ((t = now_s() - t0) < 0.3);
        if (json)
            printf("%s{\"case\":\"%s\",\"bytes\":%zu,\"us_per_decode\":%.2f}", first ? "" : ",",
                   cases[i].name, size, t / (double)n * 1e6);
        else
            printf("%-28s %6zu bytes  %8.2f us per decode (target: well under 1000 us)\n",
                   cases[i].name, size, t / (double)n * 1e6);
        first = 0;
        free(blob);
    }
    return errors;
}
