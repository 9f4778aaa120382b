/* tests/test_d3dbc.c — the d3dbc (SM1-SM3) token format: reader, writer, assembler,
 * disassembler (src/shader/d3dbc*.c).
 *
 * The corpus is tests/shaders/d3dbc/ (.asm files), one small shader a file.  For every file:
 *   - round trip: assemble -> tokens -> read -> write gives the same tokens; disassemble ->
 *     assemble gives them again; disassembling twice gives the same text;
 *   - truncation at every token (and inside the last one) is refused with an offset;
 *   - when MojoShader is installed (libmojoshader-dev), its assembler must produce the same
 *     tokens (comment tokens aside) and its parser must accept ours; the exceptions, where
 *     MojoShader departs from the documented format or cannot express a construct, are listed
 *     in mojo_exceptions[] with the reason.
 * Then seeded random bit flips, hand-made malformed programs (bad registers for the version,
 * unknown opcodes, opcodes outside their version, reserved bits) and assembler errors (line and
 * column), and the CTAB decoder.
 */
#include "harness.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "shader/d3dbc.h"

#ifndef SOFTD3D_SOURCE_DIR
#error "SOFTD3D_SOURCE_DIR must be defined (tests/meson.build passes the source root)"
#endif
#define CORPUS_DIR SOFTD3D_SOURCE_DIR "/tests/shaders/d3dbc"

/* ---- corpus ------------------------------------------------------------------------------- */

struct corpus_file {
    char name[128];
    char *text;
    size_t len;
};

static struct corpus_file *corpus;
static size_t corpus_count;

static int by_file_name(const void *a, const void *b)
{
    return strcmp(((const struct corpus_file *)a)->name, ((const struct corpus_file *)b)->name);
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
        !(buf = malloc((size_t)n + 1))) {
        fclose(f);
        return NULL;
    }
    if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        fclose(f);
        return NULL;
    }
    buf[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* Loads the corpus once (kept for the life of the process). */
static bool load_corpus(void)
{
    DIR *d;
    struct dirent *e;
    size_t cap = 0;
    if (corpus)
        return true;
    if (!(d = opendir(CORPUS_DIR)))
        return false;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        char path[512];
        if (n < 5 || strcmp(e->d_name + n - 4, ".asm") || n >= sizeof(corpus[0].name))
            continue;
        if (corpus_count == cap) {
            struct corpus_file *c = realloc(corpus, (cap = cap ? cap * 2 : 128) * sizeof(*c));
            if (!c)
                break;
            corpus = c;
        }
        snprintf(corpus[corpus_count].name, sizeof(corpus[0].name), "%s", e->d_name);
        snprintf(path, sizeof(path), "%s/%s", CORPUS_DIR, e->d_name);
        if (!(corpus[corpus_count].text = read_file(path, &corpus[corpus_count].len)))
            continue;
        corpus_count++;
    }
    closedir(d);
    if (corpus_count)
        qsort(corpus, corpus_count, sizeof(*corpus), by_file_name);
    return corpus_count > 0;
}

static int assemble(const struct corpus_file *f, uint32_t **tokens, size_t *size)
{
    struct d3dbc_error err;
    int ret = d3dbc_assemble_tokens(f->text, f->len, tokens, size, &err);
    if (ret)
        harness_fail(__FILE__, __LINE__, "%s: %s", f->name, err.message);
    return ret;
}

/* Reads tokens, writes them back: must be the same bytes.  Returns the disassembly or NULL. */
static char *read_write_disassemble(const char *name, const uint32_t *tokens, size_t size)
{
    struct d3dbc_program p;
    struct d3dbc_error err;
    uint32_t *again;
    size_t again_size;
    char *text = NULL;
    if (d3dbc_read(tokens, size, &p, &err)) {
        harness_fail(__FILE__, __LINE__, "%s: d3dbc_read: %s", name, err.message);
        return NULL;
    }
    if (p.size != size)
        harness_fail(__FILE__, __LINE__, "%s: read %zu of %zu bytes", name, p.size, size);
    if (d3dbc_write(&p, &again, &again_size, &err)) {
        harness_fail(__FILE__, __LINE__, "%s: d3dbc_write: %s", name, err.message);
    } else {
        if (again_size != size || memcmp(again, tokens, size))
            harness_fail(__FILE__, __LINE__, "%s: read -> write changed the tokens", name);
        free(again);
    }
    if (d3dbc_disassemble(&p, &text, NULL))
        harness_fail(__FILE__, __LINE__, "%s: d3dbc_disassemble failed", name);
    d3dbc_program_free(&p);
    return text;
}

static const char *const corpus_versions[] = {
    "vs_1_1", "vs_2_0", "vs_2_x", "vs_3_0", "ps_1_1", "ps_1_2", "ps_1_3", "ps_1_4", "ps_2_0",
    "ps_2_x", "ps_3_0",
};

TEST(d3dbc_corpus_present)
{
    if (!load_corpus()) {
        CHECK(!"no corpus in " CORPUS_DIR);
        return;
    }
    CHECK(corpus_count >= 80);
    for (size_t v = 0; v < sizeof(corpus_versions) / sizeof(corpus_versions[0]); v++) {
        size_t n = 0;
        for (size_t i = 0; i < corpus_count; i++)
            n += !strncmp(corpus[i].name, corpus_versions[v], 6);
        if (n < 3)
            harness_fail(__FILE__, __LINE__, "only %zu corpus files for %s", n,
                         corpus_versions[v]);
    }
}

/* Every opcode of every version (and texld's three forms) is in some corpus file of that
 * version: the corpus is the list of what the cross-check and the round trip cover. */
TEST(d3dbc_corpus_covers_every_opcode)
{
    static const struct { bool pixel; uint16_t version; } vers[] = {
        {false, D3DBC_VER(1, 1)}, {false, D3DBC_VER(2, 0)}, {false, D3DBC_VER(2, 1)},
        {false, D3DBC_VER(3, 0)}, {true, D3DBC_VER(1, 1)}, {true, D3DBC_VER(1, 2)},
        {true, D3DBC_VER(1, 3)}, {true, D3DBC_VER(1, 4)}, {true, D3DBC_VER(2, 0)},
        {true, D3DBC_VER(2, 1)}, {true, D3DBC_VER(3, 0)},
    };
    /* seen[v][opcode & 0x7f | texld control << 7], opcodes 0-96 and phase (as 127) */
    static bool seen[11][512];
    if (!load_corpus())
        SKIP("no corpus");
    memset(seen, 0, sizeof(seen));
    for (size_t i = 0; i < corpus_count; i++) {
        struct d3dbc_program p;
        if (d3dbc_assemble(corpus[i].text, corpus[i].len, &p, NULL))
            continue; /* reported by the round trip */
        for (size_t v = 0; v < 11; v++) {
            if (vers[v].pixel != p.pixel || vers[v].version != p.version)
                continue;
            for (uint32_t k = 0; k < p.instr_count; k++) {
                unsigned op = p.instrs[k].opcode;
                if (op == D3DBC_OP_COMMENT)
                    continue;
                op = op == D3DBC_OP_PHASE ? 127 : op & 0x7f;
                if (p.instrs[k].opcode == D3DBC_OP_TEX)
                    op |= (unsigned)p.instrs[k].control << 7;
                seen[v][op] = true;
            }
        }
        d3dbc_program_free(&p);
    }
    for (size_t v = 0; v < 11; v++) {
        for (unsigned op = 0; op < 128; op++) {
            uint16_t opcode = op == 127 ? D3DBC_OP_PHASE : (uint16_t)op;
            unsigned variants = 1, lo, hi;
            bool has_dst;
            if (!d3dbc_operand_counts(vers[v].pixel, vers[v].version, opcode, &has_dst, &lo, &hi))
                continue;
            if (opcode == D3DBC_OP_TEX && vers[v].version >= D3DBC_VER(2, 0))
                variants = 3;
            for (unsigned c = 0; c < variants; c++)
                if (!seen[v][op | c << 7])
                    harness_fail(__FILE__, __LINE__, "no %s corpus file has %s",
                                 d3dbc_version_name(vers[v].pixel, vers[v].version),
                                 d3dbc_opcode_name(vers[v].pixel, vers[v].version, opcode,
                                                   (uint8_t)(opcode == D3DBC_OP_IFC ||
                                                             opcode == D3DBC_OP_BREAKC ||
                                                             opcode == D3DBC_OP_SETP ? 1 : c)));
        }
    }
}

TEST(d3dbc_corpus_round_trip)
{
    if (!load_corpus())
        SKIP("no corpus");
    for (size_t i = 0; i < corpus_count; i++) {
        const struct corpus_file *f = &corpus[i];
        uint32_t *tokens, *tokens2;
        size_t size, size2;
        char *text, *text2;
        struct d3dbc_error err;
        if (assemble(f, &tokens, &size))
            continue;
        if (!(text = read_write_disassemble(f->name, tokens, size))) {
            free(tokens);
            continue;
        }
        if (d3dbc_assemble_tokens(text, strlen(text), &tokens2, &size2, &err)) {
            harness_fail(__FILE__, __LINE__, "%s: the disassembly does not assemble: %s\n%s",
                         f->name, err.message, text);
        } else {
            if (size2 != size || memcmp(tokens, tokens2, size))
                harness_fail(__FILE__, __LINE__, "%s: assemble(disassemble(x)) != x\n%s",
                             f->name, text);
            text2 = read_write_disassemble(f->name, tokens2, size2);
            if (text2 && strcmp(text, text2))
                harness_fail(__FILE__, __LINE__, "%s: disassembly is not stable", f->name);
            free(text2);
            free(tokens2);
        }
        free(text);
        free(tokens);
    }
}

/* A refusal must name an offset inside the data, or its end (where the end token is missing). */
static void check_refusal(const char *name, const void *data, size_t size, size_t at)
{
    struct d3dbc_program p;
    struct d3dbc_error err;
    int ret = d3dbc_read(data, size, &p, &err);
    if (ret == 0) {
        harness_fail(__FILE__, __LINE__, "%s: %zu-byte truncation (at %zu) accepted", name, size,
                     at);
        d3dbc_program_free(&p);
        return;
    }
    if (err.code != ret || !strstr(err.message, "offset 0x") || err.offset > size)
        harness_fail(__FILE__, __LINE__, "%s: refusal without a good offset: %s", name,
                     err.message);
}

TEST(d3dbc_truncation)
{
    if (!load_corpus())
        SKIP("no corpus");
    for (size_t i = 0; i < corpus_count; i++) {
        uint32_t *tokens;
        size_t size;
        if (assemble(&corpus[i], &tokens, &size))
            continue;
        for (size_t cut = 0; cut < size; cut += 4) {
            /* a private copy of exactly `cut` bytes, so ASan sees any over-read */
            uint8_t *copy = malloc(cut ? cut : 1);
            memcpy(copy, tokens, cut);
            check_refusal(corpus[i].name, copy, cut, cut);
            free(copy);
        }
        check_refusal(corpus[i].name, tokens, size - 2, size - 2);
        free(tokens);
    }
}

/* ---- random bit flips ------------------------------------------------------------------------ */

static uint64_t rng_state;

static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

/* An accepted program must survive read -> write and read -> disassemble -> assemble -> write
 * unchanged (the first p.size bytes); a refused one must name an offset inside the data (or its
 * end, for a missing end token). */
static void check_any(const char *name, const uint8_t *data, size_t size)
{
    struct d3dbc_program p;
    struct d3dbc_error err;
    uint32_t *w, *w2;
    size_t wsize, w2size;
    char *text;
    if (d3dbc_read(data, size, &p, &err)) {
        if (err.code >= 0 || !strstr(err.message, "offset 0x") || err.offset > size)
            harness_fail(__FILE__, __LINE__, "%s: refusal without a good offset: %s", name,
                         err.message);
        return;
    }
    if (d3dbc_write(&p, &w, &wsize, &err) == 0) {
        if (wsize != p.size || memcmp(w, data, wsize))
            harness_fail(__FILE__, __LINE__, "%s: mutated program: read -> write differs", name);
        free(w);
    } else {
        harness_fail(__FILE__, __LINE__, "%s: mutated program: write failed: %s", name,
                     err.message);
    }
    if (d3dbc_disassemble(&p, &text, NULL) == 0) {
        if (d3dbc_assemble_tokens(text, strlen(text), &w2, &w2size, &err)) {
            harness_fail(__FILE__, __LINE__, "%s: mutated program: disassembly refused: %s\n%s",
                         name, err.message, text);
        } else {
            if (w2size != p.size || memcmp(w2, data, w2size))
                harness_fail(__FILE__, __LINE__, "%s: mutated program: asm(dis(x)) != x\n%s",
                             name, text);
            free(w2);
        }
        free(text);
    }
    d3dbc_program_free(&p);
}

TEST(d3dbc_bit_flips)
{
    unsigned accepted = 0;
    if (!load_corpus())
        SKIP("no corpus");
    rng_state = 0x5eed0d3dbc000001ull;
    for (unsigned it = 0; it < 2000; it++) {
        const struct corpus_file *f = &corpus[rng() % corpus_count];
        uint32_t *tokens;
        size_t size;
        uint8_t *copy;
        unsigned flips = 1 + rng() % 3;
        struct d3dbc_error err;
        if (d3dbc_assemble_tokens(f->text, f->len, &tokens, &size, &err))
            continue;
        copy = malloc(size);
        memcpy(copy, tokens, size);
        for (unsigned k = 0; k < flips; k++) {
            size_t bit = rng() % (size * 8);
            copy[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        {
            struct d3dbc_program p;
            if (d3dbc_read(copy, size, &p, NULL) == 0) {
                accepted++;
                d3dbc_program_free(&p);
            }
        }
        check_any(f->name, copy, size);
        free(copy);
        free(tokens);
    }
    /* Some flips land in def values or swizzles and are still valid programs. */
    CHECK(accepted > 50);
}

/* ---- hand-made programs ----------------------------------------------------------------------- */

/* Assembles src (which must be valid), replaces the version token, and expects the reader to
 * refuse the result at the offset of instruction number `instr` (0 = first after the version)
 * with a message containing `want`. */
static void refuse_as(const char *src, uint32_t version, unsigned instr, const char *want)
{
    uint32_t *t;
    size_t size, off = 4;
    struct d3dbc_program p;
    struct d3dbc_error err;
    if (d3dbc_assemble_tokens(src, strlen(src), &t, &size, &err)) {
        harness_fail(__FILE__, __LINE__, "setup does not assemble: %s: %s", src, err.message);
        return;
    }
    if (d3dbc_read(t, size, &p, NULL) == 0) {
        if (instr < p.instr_count)
            off = p.instrs[instr].offset;
        else
            harness_fail(__FILE__, __LINE__, "setup has no instruction %u", instr);
        d3dbc_program_free(&p);
    }
    t[0] = version;
    if (d3dbc_read(t, size, &p, &err) == 0) {
        harness_fail(__FILE__, __LINE__, "as 0x%08x, accepted: %s", version, src);
        d3dbc_program_free(&p);
    } else {
        char at[32];
        snprintf(at, sizeof(at), "offset 0x%zx:", off);
        CHECK_STR_CONTAINS(err.message, at);
        CHECK_STR_CONTAINS(err.message, want);
        CHECK_EQ(err.offset, off);
    }
    free(t);
}

#define VS(a, b) (0xfffe0000u | (a) << 8 | (b))
#define PS(a, b) (0xffff0000u | (a) << 8 | (b))

TEST(d3dbc_bad_registers_for_version)
{
    refuse_as("vs_2_x\nmov r12, c0\n", VS(2, 0), 0, "register 12 is out of range in vs_2_0");
    refuse_as("vs_3_0\ndcl_texcoord o11\n", VS(2, 0), 0, "register 11 is out of range in vs_2_0");
    refuse_as("vs_3_0\ndcl_2d s3\n", VS(2, 0), 0, "type 10 (sampler (s#)) does not exist in vs_2_0");
    refuse_as("vs_2_0\nmov oD1, c0\n", VS(3, 0), 0, "does not exist in vs_3_0");
    refuse_as("vs_2_0\nmov oPos, c0\n", VS(3, 0), 0, "does not exist in vs_3_0");
    refuse_as("vs_3_0\ncall l16\nret\nlabel l16\nret\n", VS(2, 0), 0,
              "register 16 is out of range in vs_2_0");
    refuse_as("vs_3_0\nmov r0, v0[aL]\n", VS(2, 0), 0, "cannot be relatively addressed in vs_2_0");
    refuse_as("ps_1_4\nmov r5, c0\n", PS(1, 3), 0, "register 5 is out of range in ps_1_3");
    refuse_as("ps_1_4\nmov r0, t5\n", PS(1, 1), 0, "register 5 is out of range in ps_1_1");
    refuse_as("ps_2_x\nmov r31, c0\n", PS(2, 0), 0, "register 31 is out of range in ps_2_0");
    refuse_as("ps_3_0\nmov r0, c223\nmov oC0, r0\n", PS(2, 0), 0,
              "register 223 is out of range in ps_2_0");
    refuse_as("ps_3_0\ndcl_texcoord v9\nmov oC0, v9\n", PS(2, 0), 0,
              "register 9 is out of range in ps_2_0");
    refuse_as("ps_2_0\nmov oC0, t7\n", PS(3, 0), 0, "does not exist in ps_3_0");
    refuse_as("ps_3_0\nmov oC0, vFace\n", PS(2, 1), 0, "does not exist in ps_2_x");
    refuse_as("ps_3_0\nmov oC0, c[aL]\n", PS(2, 1), 0, "cannot be relatively addressed in ps_2_x");
}

/* A program of raw tokens: the reader must refuse it at `off` with `want` in the message. */
static void refuse_tokens(const uint32_t *t, size_t count, size_t off, const char *want)
{
    struct d3dbc_program p;
    struct d3dbc_error err;
    char at[32];
    if (d3dbc_read(t, count * 4, &p, &err) == 0) {
        harness_fail(__FILE__, __LINE__, "accepted; expected \"%s\"", want);
        d3dbc_program_free(&p);
        return;
    }
    snprintf(at, sizeof(at), "offset 0x%zx:", off);
    CHECK_STR_CONTAINS(err.message, at);
    CHECK_STR_CONTAINS(err.message, want);
    CHECK_EQ(err.offset, off);
}

#define T(...) (const uint32_t[]){__VA_ARGS__}, sizeof((const uint32_t[]){__VA_ARGS__}) / 4

TEST(d3dbc_unknown_opcodes)
{
    /* 49..63, 75 (reserved), 97.. are no opcode in any version. */
    refuse_tokens(T(VS(2, 0), 0x00000031, 0xffff), 4, "unknown opcode 49");
    refuse_tokens(T(PS(1, 1), 0x0000004b, 0x800f0000, 0xb0e40000, 0xffff), 4,
                  "unknown opcode 75");
    refuse_tokens(T(PS(3, 0), 0x00000061, 0xffff), 4, "unknown opcode 97");
    refuse_tokens(T(VS(3, 0), 0x0000fffc, 0xffff), 4, "unknown opcode 65532");
    refuse_tokens(T(VS(2, 0), 0x02000001, 0x800f0000, 0xa0e40000, 0x00001234, 0xffff), 16,
                  "unknown opcode 4660");
    /* register types no version has: c2048+ (CONST2), half temporaries; vPos/vFace beyond 1 */
    refuse_tokens(T(VS(2, 0), 0x02000001, 0xc00f0000, 0xb0e40800, 0xffff), 4,
                  "register type 11 (constant (c2048+)) does not exist in vs_2_0");
    refuse_tokens(T(VS(3, 0), 0x02000001, 0x800f1000, 0xa0e40000, 0xffff), 4,
                  "register type 16 (half temporary) does not exist in vs_3_0");
    refuse_tokens(T(PS(3, 0), 0x02000001, 0x800f0800, 0x90e41002, 0xffff), 4,
                  "register 2 is out of range in ps_3_0");
    /* versions */
    refuse_tokens(T(VS(1, 0), 0xffff), 0, "version token 0xfffe0100");
    refuse_tokens(T(PS(2, 2), 0xffff), 0, "version token 0xffff0202");
    refuse_tokens(T(0xfffd0200, 0xffff), 0, "version token");
    refuse_tokens(T(VS(4, 0), 0xffff), 0, "version token");
}

TEST(d3dbc_opcodes_outside_their_version)
{
    refuse_as("vs_3_0\ntexldl r0, c0, s0\n", VS(2, 0), 0, "texldl is not allowed in vs_2_0");
    refuse_tokens(T(VS(1, 1), 0x0000002e, 0xb0010000, 0xa0000000, 0xffff), 4,
                  "mova is not allowed in vs_1_1");
    refuse_as("ps_3_0\ndefi i0, 1, 0, 0, 0\nloop aL, i0\nendloop\n", PS(2, 1), 1,
              "loop is not allowed in ps_2_x");
    refuse_as("ps_2_x\ndefb b0, true\n", PS(2, 0), 0, "defb is not allowed in ps_2_0");
    refuse_as("ps_1_4\nphase\n", PS(1, 3), 0, "phase is not allowed in ps_1_3");
    refuse_tokens(T(PS(2, 0), 0x04000050, 0x800f0000, 0xa0e40000, 0xa0e40001, 0xa0e40002,
                    0xffff), 4, "cnd is not allowed in ps_2_0");
    refuse_as("ps_1_1\ntexbem t1, t0\n", PS(1, 4), 0, "texbem is not allowed in ps_1_4");
    refuse_as("ps_1_2\ndp4 r0, c0, c1\n", PS(1, 1), 0, "dp4 is not allowed in ps_1_1");
    refuse_as("ps_1_4\nbem r0.rg, c0, c1\n", PS(1, 3), 0, "bem is not allowed in ps_1_3");
    refuse_as("vs_2_0\nlit r0, c0\n", PS(2, 0), 0, "lit is not allowed in ps_2_0");
    refuse_as("vs_2_0\nmova a0.x, c0\n", PS(3, 0), 0, "mova is not allowed in ps_3_0");
    refuse_as("ps_2_x\ndsx r0, c0\n", PS(2, 0), 0, "dsx is not allowed in ps_2_0");
    refuse_as("ps_2_0\ndp2add r0, c0, c1, c2\n", VS(3, 0), 0, "dp2add is not allowed in vs_3_0");
    refuse_as("vs_2_x\nrep i0\nbreak\nendrep\n", VS(2, 0), 1, "break is not allowed in vs_2_0");
    refuse_as("ps_1_3\ntexm3x2pad t1, t0\ntexm3x2depth t2, t0\n", PS(1, 2), 1,
              "texm3x2depth is not allowed in ps_1_2");
    refuse_as("ps_2_0\nsincos r0.xy, c0.x, c1, c2\n", PS(3, 0), 0,
              "length field 4 leaves 3 sources, but sincos takes 1 in ps_3_0");
    refuse_as("vs_3_0\nsincos r0.xy, c0.x\n", VS(2, 0), 0, "sincos takes 3 in vs_2_0");
    /* SM1 has no length field, so the version decides the operand count: texld in ps_1_4
     * takes one source, and the ps_2_0 form's sampler reads as the next instruction token */
    refuse_tokens(T(PS(1, 4), 0x00000042, 0x800f0000, 0xb0e40000, 0xa0e40800, 0xffff), 16,
                  "bit 29 or 31");
    /* co-issue outside ps_1_x; predication outside 2_x/3_0 */
    refuse_tokens(T(PS(2, 0), 0x42000001, 0x800f0000, 0xa0e40000, 0xffff), 4,
                  "co-issue (+) exists in ps_1_x only");
    refuse_tokens(T(VS(2, 0), 0x13000001, 0x800f0000, 0xb0e41000, 0xa0e40000, 0xffff), 4,
                  "predication is not allowed in vs_2_0");
    /* predicated dcl; predicate that is not p0 */
    refuse_tokens(T(PS(3, 0), 0x1300001f, 0x80000005, 0x900f0000, 0xb0e41000, 0xffff), 4, "");
    refuse_tokens(T(PS(2, 1), 0x13000001, 0x800f0000, 0xa0e40000, 0xa0e40000, 0xffff), 4,
                  "predicate: expected a predicate (p0) register");
}

TEST(d3dbc_reserved_bits)
{
    /* SM1 instruction with a length field */
    refuse_tokens(T(VS(1, 1), 0x02000001, 0xc00f0000, 0xa0e40000, 0xffff), 4, "length field");
    /* SM2 length field that disagrees with the operands, either way */
    refuse_tokens(T(VS(2, 0), 0x03000001, 0xc00f0000, 0xa0e40000, 0xffff), 16,
                  "token 0x0000ffff is not a parameter token");
    refuse_tokens(T(VS(2, 0), 0x01000001, 0xc00f0000, 0xa0e40000, 0xffff), 4, "length field");
    /* bits 14-15 of a parameter, bit 31 clear in a parameter */
    refuse_tokens(T(VS(2, 0), 0x02000001, 0xc00f4000, 0xa0e40000, 0xffff), 8, "bits 14-15");
    refuse_tokens(T(VS(2, 0), 0x02000001, 0xc00f0000, 0x20e40000, 0xffff), 12, "bit 31 clear");
    /* instruction bits 29 and 31; co-issue in a vertex shader */
    refuse_tokens(T(VS(2, 0), 0x22000001, 0xc00f0000, 0xa0e40000, 0xffff), 4, "bit 29 or 31");
    refuse_tokens(T(VS(1, 1), 0x40000001, 0xc00f0000, 0xa0e40000, 0xffff), 4, "co-issue");
    /* dcl token reserved bits; sampler without texture type; END and comment with extra bits */
    refuse_tokens(T(VS(2, 0), 0x0200001f, 0x80000100, 0x900f0000, 0xffff), 8, "declaration");
    refuse_tokens(T(PS(2, 0), 0x0200001f, 0x80000000, 0xa00f0800, 0xffff), 4, "texture type");
    refuse_tokens(T(VS(2, 0), 0x0001ffff), 4, "end token");
    refuse_tokens(T(VS(2, 0), 0x8001fffe, 0, 0xffff), 4, "bit 31");
    /* comment longer than the data; no end token */
    refuse_tokens(T(VS(2, 0), 0x0005fffe, 0, 0xffff), 4, "comment of 5 dwords");
    refuse_tokens(T(VS(2, 0), 0x02000001, 0xc00f0000, 0xa0e40000), 16, "no end token");
    /* comparison 0 and 7, texld control 3, control bits on mov */
    refuse_tokens(T(VS(2, 1), 0x02000029, 0xa0000000, 0xa0000001, 0x0000002b, 0xffff), 4,
                  "control field");
    refuse_tokens(T(PS(2, 0), 0x03030042, 0x800f0000, 0xb0e40000, 0xa0e40800, 0xffff), 4,
                  "control field");
    refuse_tokens(T(VS(2, 0), 0x02010001, 0xc00f0000, 0xa0e40000, 0xffff), 4, "control field");
    /* result shift outside ps_1_x, source modifier 14, empty write mask */
    refuse_tokens(T(VS(2, 0), 0x02000001, 0xc10f0000, 0xa0e40000, 0xffff), 4, "shift");
    refuse_tokens(T(VS(2, 0), 0x02000001, 0xc00f0000, 0xaee40000, 0xffff), 4, "modifier 14");
    refuse_tokens(T(VS(2, 0), 0x02000001, 0xc0000000, 0xa0e40000, 0xffff), 4, "write mask");
    /* relative addressing in ps_2_0, relative token with a modifier */
    refuse_tokens(T(PS(2, 0), 0x03000001, 0x800f0000, 0xa0e42000, 0xb0000000, 0xffff), 4,
                  "cannot be relatively addressed");
    refuse_tokens(T(VS(2, 0), 0x03000001, 0xc00f0000, 0xa0e42000, 0xb1000000, 0xffff), 16,
                  "relative address token");
}

/* ---- assembler errors ------------------------------------------------------------------------- */

static void asm_error(const char *src, unsigned line, unsigned column, const char *want)
{
    struct d3dbc_program p;
    struct d3dbc_error err;
    char where[48];
    if (d3dbc_assemble(src, strlen(src), &p, &err) == 0) {
        harness_fail(__FILE__, __LINE__, "accepted: %s", src);
        d3dbc_program_free(&p);
        return;
    }
    snprintf(where, sizeof(where), "line %u, column %u: ", line, column);
    if (!strstr(err.message, where) || !strstr(err.message, want) || err.line != line ||
        err.column != column)
        harness_fail(__FILE__, __LINE__, "\"%s\": got \"%s\", want \"%s%s\"", src, err.message,
                     where, want);
}

TEST(d3dbc_assembler_errors)
{
    asm_error("", 1, 1, "no version");
    asm_error("// nothing\n", 2, 1, "no version");
    asm_error("vs_4_0\n", 1, 1, "SM4 assembly is not supported");
    asm_error("mov r0, r1\n", 1, 1, "'mov' is not a version");
    asm_error("vs_2_0 garbage\n", 1, 8, "unexpected text after the version");
    asm_error("vs_2_0\nfoo r0, r1\n", 2, 1, "unknown instruction 'foo'");
    asm_error("vs_2_0\n  texkill r0\n", 2, 3, "'texkill' is not allowed in vs_2_0");
    asm_error("vs_2_0\nmov r0, r1, r2\n", 2, 1, "takes a destination and 1 source operand");
    asm_error("vs_2_0\nmov r0\n", 2, 1, "takes a destination and 1 source operand, not 0");
    asm_error("vs_2_0\nmov r0, q1\n", 2, 9, "unknown register 'q1'");
    asm_error("vs_2_0\nmov r0, c\n", 2, 9, "needs a number");
    asm_error("vs_2_0\nmov r0, c2048\n", 2, 9, "register number out of range");
    asm_error("vs_2_0\nmov r12, c0\n", 2, 5, "register 12 is out of range in vs_2_0");
    asm_error("vs_2_0\nmov r0.yx, c0\n", 2, 8, "not in xyzw order");
    asm_error("vs_2_0\nmov r0, c0.xyzwx\n", 2, 12, "5 components");
    asm_error("vs_2_0\nmov r0, c0.q\n", 2, 12, "bad swizzle");
    asm_error("vs_2_0\nmov r0, c0_foo\n", 2, 9, "unknown source modifier '_foo'");
    asm_error("vs_2_0\nmov r0, -c0_bias\n", 2, 9, "");
    asm_error("vs_2_0\nmov r0, !c0_abs\n", 2, 9, "cannot be combined");
    asm_error("vs_2_0\nmov_foo r0, c0\n", 2, 1, "unknown instruction modifier '_foo'");
    asm_error("vs_2_0\nmov_pp r0, c0\n", 2, 1, "_pp is not allowed in vs_2_0");
    asm_error("vs_2_0\nmov r0, c[r0.x]\n", 2, 11, "cannot address relatively");
    asm_error("vs_2_0\nmov r0, c[4]\n", 2, 10, "without a0 or aL");
    asm_error("vs_2_0\nmov r0, c[a0.x + 5\n", 2, 19, "expected '+' or ']'");
    asm_error("vs_1_1\nmov r0, c[a0.y]\n", 2, 9, "a0.x only");
    asm_error("vs_2_0\ndef c0, 1, 2, 3\n", 2, 1, "takes a register and 4 values");
    asm_error("vs_2_0\ndef c0, 1, 2, 3, x\n", 2, 18, "expected a number");
    asm_error("vs_2_0\ndefi i0, 1, 2, 3, 4294967296\n", 2, 19, "out of range");
    asm_error("vs_2_0\ndef c0, 1, 2, 3, -1e39\n", 2, 18, "out of the range of a float");
    asm_error("vs_2_0\ndefb b0, maybe\n", 2, 10, "true or false");
    asm_error("vs_2_0\ndcl_foo v0\n", 2, 1, "unknown instruction modifier '_foo'");
    asm_error("vs_2_0\ndcl_texcoord16 v0\n", 2, 1, "usage index 16 is out of range");
    asm_error("ps_2_0\ndcl s0\n", 2, 1, "needs a texture type");
    asm_error("ps_2_0\ndcl_2d t0\n", 2, 1, "declare samplers");
    asm_error("vs_2_0\nmov r0, c0 /* open\n", 2, 12, "unterminated /* comment");
    asm_error("vs_2_0\nmov r0, c0 junk\n", 2, 12, "unexpected 'j' after the operands");
    asm_error("vs_2_0\n+mov r0, c0\n", 2, 1, "co-issue (+) exists in ps_1_x only");
    asm_error("vs_2_0\n(p0.x) mov r0, c0\n", 2, 1, "predication is not allowed in vs_2_0");
    asm_error("ps_1_1\nmov r0, t0_abs\n", 2, 9, "source modifier 11 is not allowed in ps_1_1");
    asm_error("ps_2_0\nmov_x2 r0, c0\n", 2, 1, "result shift 1 is not allowed in ps_2_0");
    asm_error("vs_2_0\nsetp p0, c0, c1\n", 2, 1, "");
    asm_error("vs_2_0\nmov r0, c0\nend\nmov r1, c0\n", 4, 1, "text after 'end'");
    asm_error("vs_2_0\ncomment 0x1, zz\n", 2, 14, "expected an integer");
}

TEST(d3dbc_assembler_syntax_variants)
{
    /* Equivalent spellings assemble to the same tokens. */
    static const char *const pairs[][2] = {
        {"vs_2_0\nmov r0, c[a0.x + 3]\n", "VS.2.0\nMOV R0, C3[A0.X]\n"},
        {"vs_2_0\nmov r0, c[3 + a0.x]\n", "vs_2_0\nmov r0, c5[a0.x - 2]\n"},
        {"ps_1_1\nmov r0.rgb, t0.bgra\n", "ps_1_1\nmov r0.xyz, t0.zyxw\n"},
        {"ps_1_4\ntexcrd r0.rgb, t0_db\n", "ps_1_4\ntexcrd r0.xyz, t0_dz\n"},
        {"vs_2_0 ; comment\n  mov r0, -c0_abs.x // comment\n",
         "vs_2_0\n/* block\ncomment */ mov r0,\n  -c0.x_abs\n"},
        {"ps_2_0\nmad_sat_pp r0, c0, c1, c2\n", "ps_2_0\nmad_pp_sat r0, c0, c1, c2\n"},
        {"ps_1_1\nadd r0, 1 - r1, c0\n", "ps_1_1\nadd r0, 1-r1, c0\n"},
        {"vs_2_0\ndef c0, 1, -0.5, 1e2, .25\n", "vs_2_0\ndef c0, 0x3f800000, -5e-1, 100, 0.25\n"},
        {"vs_2_0\ndefb b0, true\n", "vs_2_0\ndefb b0, 1\n"},
        {"vs_2_0\nmov r0, c0\nend\n", "vs_2_0\nmov r0, c0\n"},
    };
    for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
        uint32_t *a, *b;
        size_t as, bs;
        struct d3dbc_error err;
        if (d3dbc_assemble_tokens(pairs[i][0], strlen(pairs[i][0]), &a, &as, &err)) {
            harness_fail(__FILE__, __LINE__, "%s: %s", pairs[i][0], err.message);
            continue;
        }
        if (d3dbc_assemble_tokens(pairs[i][1], strlen(pairs[i][1]), &b, &bs, &err)) {
            harness_fail(__FILE__, __LINE__, "%s: %s", pairs[i][1], err.message);
            free(a);
            continue;
        }
        if (as != bs || memcmp(a, b, as))
            harness_fail(__FILE__, __LINE__, "differ: \"%s\" and \"%s\"", pairs[i][0],
                         pairs[i][1]);
        free(a);
        free(b);
    }
}

/* Token values written down from the reference pages, independent of any other assembler. */
TEST(d3dbc_known_tokens)
{
    static const struct {
        const char *src;
        uint32_t tokens[12];
        unsigned count;
    } cases[] = {
        {"vs_2_0\ndcl_position v0\nmov oPos, v0\n",
         {0xfffe0200, 0x0200001f, 0x80000000, 0x900f0000, 0x02000001, 0xc00f0000, 0x90e40000,
          0x0000ffff}, 8},
        {"vs_1_1\nmov r0, c[a0.x + 3]\n",
         {0xfffe0101, 0x00000001, 0x800f0000, 0xa0e42003, 0x0000ffff}, 5},
        {"vs_2_0\nmov r0, c[a0.y + 3]\n",
         {0xfffe0200, 0x03000001, 0x800f0000, 0xa0e42003, 0xb0550000, 0x0000ffff}, 6},
        {"ps_1_1\n+mov_x2_sat r0.a, -t0_bx2.b\n",
         {0xffff0101, 0x40000001, 0x81180000, 0xb5aa0000, 0x0000ffff}, 5},
        {"ps_2_0\ndcl_cube s3\ntexldp_pp r0, t0, s3\n",
         {0xffff0200, 0x0200001f, 0x98000000, 0xa00f0803, 0x03010042, 0x802f0000, 0xb0e40000,
          0xa0e40803, 0x0000ffff}, 9},
        {"ps_3_0\n(!p0.y) add r0.xy, vFace, c0.x\n",
         {0xffff0300, 0x14000002, 0x80030000, 0xbd551000, 0x90e41001, 0xa0000000, 0x0000ffff}, 7},
        {"vs_3_0\ndcl_texcoord3 o5.xy\nmov o5.xy, c[aL + 1]\n",
         {0xfffe0300, 0x0200001f, 0x80030005, 0xe0030005, 0x03000001, 0xe0030005, 0xa0e42001,
          0xf0e40800, 0x0000ffff}, 9},
        {"vs_2_0\ncomment 0x1, 0x2\ndefb b3, true\n",
         {0xfffe0200, 0x0002fffe, 1, 2, 0x0200002f, 0xe00f0803, 1, 0x0000ffff}, 8},
        {"ps_1_4\nphase\n", {0xffff0104, 0x0000fffd, 0x0000ffff}, 3},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        uint32_t *t;
        size_t size;
        struct d3dbc_error err;
        if (d3dbc_assemble_tokens(cases[i].src, strlen(cases[i].src), &t, &size, &err)) {
            harness_fail(__FILE__, __LINE__, "%s: %s", cases[i].src, err.message);
            continue;
        }
        CHECK_EQ(size, cases[i].count * 4);
        for (unsigned k = 0; k < cases[i].count && k < size / 4; k++)
            if (t[k] != cases[i].tokens[k])
                harness_fail(__FILE__, __LINE__, "%s: token %u is 0x%08x, expected 0x%08x",
                             cases[i].src, k, t[k], cases[i].tokens[k]);
        free(t);
    }
}

/* ---- CTAB ------------------------------------------------------------------------------------ */

static const struct corpus_file *corpus_find(const char *name)
{
    for (size_t i = 0; i < corpus_count; i++)
        if (!strcmp(corpus[i].name, name))
            return &corpus[i];
    return NULL;
}

TEST(d3dbc_ctab_decoded)
{
    const struct corpus_file *f;
    uint32_t *t;
    size_t size;
    struct d3dbc_program p;
    if (!load_corpus() || !(f = corpus_find("vs_2_0_ctab.asm")))
        SKIP("no corpus");
    if (assemble(f, &t, &size))
        return;
    if (d3dbc_read(t, size, &p, NULL)) {
        CHECK(!"vs_2_0_ctab does not read");
        free(t);
        return;
    }
    CHECK(p.has_ctab);
    CHECK_EQ(p.ctab_error[0], 0);
    if (p.has_ctab) {
        const struct d3dbc_ctab *c = &p.ctab;
        CHECK(!strcmp(c->creator, "softd3d test corpus"));
        CHECK(!strcmp(c->target, "vs_2_0"));
        CHECK_EQ(c->version, 0xfffe0200);
        CHECK_EQ(c->constant_count, 5);
        CHECK_EQ(c->instr, 0);
        if (c->constant_count == 5) {
            const struct d3dbc_ctab_constant *k = c->constants;
            CHECK(!strcmp(k[0].name, "WorldViewProj"));
            CHECK_EQ(k[0].register_set, 2);
            CHECK_EQ(k[0].register_count, 4);
            CHECK_EQ(k[0].type.class_, 3);
            CHECK_EQ(k[0].type.rows, 4);
            CHECK(!strcmp(k[1].name, "Light"));
            CHECK_EQ(k[1].type.class_, 5);
            CHECK_EQ(k[1].type.member_count, 2);
            if (k[1].type.member_count == 2) {
                CHECK(!strcmp(k[1].type.members[0].name, "dir"));
                CHECK(!strcmp(k[1].type.members[1].name, "color"));
                CHECK_EQ(k[1].type.members[1].type.columns, 4);
            }
            CHECK(!strcmp(k[2].name, "Weights"));
            CHECK_EQ(k[2].type.elements, 3);
            CHECK_EQ(k[2].default_count, 12);
            if (k[2].default_value)
                CHECK_EQ(k[2].default_value[5], 0x3f800000);
            CHECK(!strcmp(k[3].name, "UseFog"));
            CHECK_EQ(k[3].register_set, 0);
            CHECK(!strcmp(k[4].name, "Bones"));
            CHECK_EQ(k[4].register_set, 1);
            CHECK(k[4].default_value == NULL);
        }
    }
    {
        char *text;
        if (d3dbc_disassemble(&p, &text, NULL) == 0) {
            CHECK_STR_CONTAINS(text, "// CTAB: creator \"softd3d test corpus\", target \"vs_2_0\"");
            CHECK_STR_CONTAINS(text, "float4x4 WorldViewProj;  c0, 4 registers");
            CHECK_STR_CONTAINS(text, "float4 Weights[3];  c6, 3 registers, with default");
            CHECK_STR_CONTAINS(text, "bool UseFog;  b0, 1 register\n");
            free(text);
        }
    }
    d3dbc_program_free(&p);
    free(t);
}

/* Damaged tables: the program still reads (the runtime never looks at a CTAB), has_ctab is false
 * and ctab_error names the offset; d3dbc_ctab_parse refuses the table itself. */
TEST(d3dbc_ctab_damaged)
{
    const struct corpus_file *f;
    uint32_t *t;
    size_t size;
    /* word index in the program (version = 0, comment token = 1, "CTAB" = 2, table = 3...) */
    static const struct { unsigned word; uint32_t value; const char *want; } cases[] = {
        {3, 27, "header size 27"},
        {3, 0x10000, "header size"},
        {4, 0x1000, "creator string"},
        {7, 0x7fffffff, "5 constants at table offset 2147483647"},
        {9, 0x100000, "target string"},
        {10, 0xffffffff, "constant name"},
        {13, 0x5000, "type info"},
        {14, 0x3, "default value offset 3"},
        /* Light's type info is at table offset 0xe4 (word 60), its members at 0xd4 (word 56) */
        {63, 0x1000, "struct members at table offset 4096"},
        {57, 0xe4, "structs nest deeper than 16"},
    };
    if (!load_corpus() || !(f = corpus_find("vs_2_0_ctab.asm")))
        SKIP("no corpus");
    if (assemble(f, &t, &size))
        return;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        uint32_t *copy = malloc(size);
        struct d3dbc_program p;
        struct d3dbc_ctab ctab;
        struct d3dbc_error err;
        memcpy(copy, t, size);
        copy[cases[i].word] = cases[i].value;
        if (d3dbc_read(copy, size, &p, &err)) {
            harness_fail(__FILE__, __LINE__, "case %zu: program refused: %s", i, err.message);
        } else {
            CHECK(!p.has_ctab);
            CHECK_STR_CONTAINS(p.ctab_error, "offset 0x");
            CHECK_STR_CONTAINS(p.ctab_error, cases[i].want);
            d3dbc_program_free(&p);
        }
        CHECK_EQ(d3dbc_ctab_parse(copy + 2, (copy[1] >> 16) * 4, 8, &ctab, &err),
                 D3DBC_E_BAD_CTAB);
        CHECK_STR_CONTAINS(err.message, cases[i].want);
        free(copy);
    }
    free(t);
}

/* Struct members that contain themselves, and members shared by many constants, stop at the
 * depth limit or the node budget instead of recursing forever. */
TEST(d3dbc_ctab_cycles)
{
    /* "CTAB", header, one constant whose type (table offset 48) is a struct of 2 members at 64,
     * each of type 48 again; a float4 type at 80 to break the cycle with. */
    uint32_t table[] = {
        0x42415443,
        28, 0, 0xfffe0200, 1, 28, 0, 0,          /* header; creator/target at 0 ("\x1c") */
        0, 0x00000002, 0x00000001, 48, 0,        /* constant: name at 0, c0, 1 register */
        0x00000005, 0x00010001, 0x00020001, 64,  /* 48: struct, 2 members at 64 */
        0, 48, 0, 48,                            /* 64: members, both of type 48 */
        0x00030001, 0x00040001, 0x00000001, 0,   /* 80: float4 */
    };
    struct d3dbc_ctab ctab;
    struct d3dbc_error err;
    CHECK_EQ(d3dbc_ctab_parse(table, sizeof(table), 0, &ctab, &err), D3DBC_E_BAD_CTAB);
    CHECK_STR_CONTAINS(err.message, "CTAB: ");
    CHECK_STR_CONTAINS(err.message, "offset 0x");
    table[18] = 80;
    CHECK_EQ(d3dbc_ctab_parse(table, sizeof(table), 0, &ctab, &err), D3DBC_E_BAD_CTAB);
    table[20] = 80;
    if (d3dbc_ctab_parse(table, sizeof(table), 0, &ctab, &err)) {
        harness_fail(__FILE__, __LINE__, "acyclic table refused: %s", err.message);
        return;
    }
    CHECK_EQ(ctab.constant_count, 1);
    CHECK_EQ(ctab.constants[0].type.member_count, 2);
    CHECK_EQ(ctab.constants[0].type.members[1].type.columns, 4);
    d3dbc_ctab_free(&ctab);
}

/* ---- MojoShader cross-check ------------------------------------------------------------------- */

#if HAVE_MOJOSHADER
#include <mojoshader.h>

/* Where MojoShader (hg 1314, Debian's libmojoshader) cannot be compared with, and why.  Rules
 * that hold for every file:
 *   - comment tokens are not compared (MojoShader writes one of its own; our `comment` directive
 *     is our extension, so those lines are not given to it);
 *   - its assembler knows opcode 64 only by its ps_1_4 name texcrd, so ps_1_1-ps_1_3 `texcoord`
 *     lines are given to it as `texcrd` (same opcode, same operands in those versions);
 *   - it writes usage 0 (position) in the declaration token of every ps_3_0 input
 *     (`dcl_texcoord v0` -> 0x80000000); the reference puts the usage and index there
 *     (0x80000005), and so do we: that token alone may differ, and only that way. */
enum {
    MOJO_SKIP_ASSEMBLE = 1, /* its assembler cannot express the file, or gets it wrong */
    MOJO_SKIP_PARSE = 2,    /* its parser refuses what the reference allows */
};

static const struct {
    const char *file;
    unsigned skip;
    const char *reason;
} mojo_exceptions[] = {
    {"vs_1_1_relative.asm", MOJO_SKIP_ASSEMBLE, "its assembler writes an SM2 relative-address "
     "token after c[a0.x] in vs_1_1, where vs_1_1 has none (a0.x is implied), then refuses its "
     "own output"},
    {"vs_1_1_dcl_positiont.asm", MOJO_SKIP_ASSEMBLE, "its assembler reads dcl_positiont as "
     "dcl_position followed by a bad usage index"},
    {"vs_2_0_def_values.asm", MOJO_SKIP_ASSEMBLE, "its assembler writes def -0 as +0 "
     "(0x00000000, not 0x80000000)"},
    {"vs_2_0_def_raw_bits.asm", MOJO_SKIP_ASSEMBLE, "def values given as raw bits (0x7f800000) "
     "are a softd3d extension (infinities and NaNs have no decimal form)"},
    {"vs_2_x_breakp.asm", MOJO_SKIP_ASSEMBLE, "it treats p0 as a scalar, so it refuses the "
     "replicate swizzle breakp requires, and refuses breakp without one"},
    {"ps_2_x_setp.asm", MOJO_SKIP_ASSEMBLE, "in pixel shaders it treats p0 as a scalar: "
     "`setp_eq p0.x` gets the mask .xyzw (the reference allows any mask on p0)"},
    {"vs_2_x_predicated.asm", MOJO_SKIP_ASSEMBLE | MOJO_SKIP_PARSE, "its assembler has no "
     "predication (\"Predicates unsupported at this time\"), and its parser reads the predicate "
     "token after the sources; fxc puts it right after the destination (and so do we)"},
    {"vs_3_0_predicated.asm", MOJO_SKIP_ASSEMBLE | MOJO_SKIP_PARSE, "predication, as above"},
    {"ps_2_x_predicated.asm", MOJO_SKIP_ASSEMBLE | MOJO_SKIP_PARSE, "predication, as above"},
    {"ps_3_0_predicated.asm", MOJO_SKIP_ASSEMBLE | MOJO_SKIP_PARSE, "predication, as above"},
    {"vs_3_0_flow.asm", MOJO_SKIP_ASSEMBLE | MOJO_SKIP_PARSE, "it allows labels l0-l15 only; "
     "vs_3_0 and ps_3_0 have l0-l2047"},
    {"ps_3_0_flow.asm", MOJO_SKIP_ASSEMBLE | MOJO_SKIP_PARSE, "labels above l15, as above"},
    {"vs_3_0_relative_io.asm", MOJO_SKIP_ASSEMBLE | MOJO_SKIP_PARSE, "it has no relatively "
     "addressed destinations (o[aL]), which vs_3_0 allows"},
    {"ps_3_0_relative_input.asm", MOJO_SKIP_ASSEMBLE | MOJO_SKIP_PARSE, "it refuses v[aL] in "
     "ps_3_0, which the reference allows"},
    {"vs_3_0_sgn_one_source.asm", MOJO_SKIP_ASSEMBLE | MOJO_SKIP_PARSE, "it requires sgn's "
     "three sources in vs_3_0, the reference's form; fxc writes one, and we accept both"},
    {"vs_3_0_texldl.asm", MOJO_SKIP_ASSEMBLE | MOJO_SKIP_PARSE, "it refuses dcl_cube in a "
     "vertex shader (\"reserved bits in DCL dword\"); vs_3_0 has cube samplers"},
    {"ps_1_2_texm3x3.asm", MOJO_SKIP_ASSEMBLE | MOJO_SKIP_PARSE, "it wants a cube or volume "
     "sampler for texm3x3, which samples nothing (it is texm3x3tex's matrix product alone)"},
    {"ps_1_3_texm3x3_matrix.asm", MOJO_SKIP_ASSEMBLE | MOJO_SKIP_PARSE, "texm3x3, as above"},
};

static int mojo_exception(const char *file)
{
    for (size_t i = 0; i < sizeof(mojo_exceptions) / sizeof(mojo_exceptions[0]); i++)
        if (!strcmp(mojo_exceptions[i].file, file))
            return (int)i;
    return -1;
}

/* MojoShader's dialect: `texcoord` (ps_1_1..1_3) is spelled texcrd, and our `comment`
 * directive lines (with their continuation lines) go, since comment tokens are not compared. */
static char *mojo_dialect(const char *text, size_t len, size_t *out_len)
{
    char *out = malloc(len * 2 + 1);
    size_t n = 0;
    bool in_comment_directive = false;
    for (size_t i = 0; i < len;) {
        size_t e = i, k = i, last;
        while (e < len && text[e] != '\n')
            e++;
        while (k < e && (text[k] == ' ' || text[k] == '\t'))
            k++;
        last = e;
        while (last > i && (text[last - 1] == ' ' || text[last - 1] == '\r'))
            last--;
        if (!in_comment_directive && e - k >= 7 && !strncmp(text + k, "comment", 7))
            in_comment_directive = true;
        if (in_comment_directive) {
            in_comment_directive = last > i && text[last - 1] == ',';
            out[n++] = '\n';
        } else if (e - k >= 8 && !strncmp(text + k, "texcoord", 8) &&
                   (text[k + 8] == ' ' || text[k + 8] == '\t')) {
            memcpy(out + n, "texcrd", 6);
            n += 6;
            memcpy(out + n, text + k + 8, e - k - 8);
            n += e - k - 8;
            out[n++] = '\n';
        } else {
            memcpy(out + n, text + i, e - i);
            n += e - i;
            out[n++] = '\n';
        }
        i = e + 1;
    }
    out[n] = '\0';
    *out_len = n;
    return out;
}

/* Our tokens without comment instructions. */
static bool strip_comments(const uint32_t *t, size_t size, uint32_t **out, size_t *out_size)
{
    struct d3dbc_program p;
    uint32_t n = 0;
    int ret;
    if (d3dbc_read(t, size, &p, NULL))
        return false;
    for (uint32_t i = 0; i < p.instr_count; i++)
        if (p.instrs[i].opcode != D3DBC_OP_COMMENT)
            p.instrs[n++] = p.instrs[i];
    p.instr_count = n;
    ret = d3dbc_write(&p, out, out_size, NULL);
    d3dbc_program_free(&p);
    return ret == 0;
}

TEST(d3dbc_mojoshader_cross_check)
{
    unsigned compared = 0, excepted = 0, parsed = 0;
    if (!load_corpus())
        SKIP("no corpus");
    for (size_t i = 0; i < corpus_count; i++) {
        const struct corpus_file *f = &corpus[i];
        int ex = mojo_exception(f->name);
        uint32_t *ours, *bare;
        size_t size, bare_size, mlen;
        char *mtext;
        const MOJOSHADER_parseData *pd;
        if (assemble(f, &ours, &size))
            continue;
        if (!strip_comments(ours, size, &bare, &bare_size)) {
            harness_fail(__FILE__, __LINE__, "%s: cannot strip comments", f->name);
            free(ours);
            continue;
        }

        /* 1. MojoShader's assembler gives the same tokens (comments aside). */
        if (ex >= 0)
            excepted++;
        if (ex >= 0 && (mojo_exceptions[ex].skip & MOJO_SKIP_ASSEMBLE)) {
            /* listed */
        } else {
            mtext = mojo_dialect(f->text, f->len, &mlen);
            pd = MOJOSHADER_assemble(f->name, mtext, (unsigned)mlen, NULL, 0, NULL, 0, NULL, 0,
                                     NULL, NULL, NULL, NULL, NULL);
            if (pd->error_count) {
                harness_fail(__FILE__, __LINE__, "%s: MojoShader does not assemble it: line %d: "
                             "%s", f->name, pd->errors[0].error_position, pd->errors[0].error);
            } else {
                const uint32_t *m = (const uint32_t *)(const void *)pd->output;
                size_t mn = (size_t)pd->output_len / 4, k = 1, j = 1;
                /* MojoShader puts one comment block of its own after the version token. */
                while (k < mn && (m[k] & 0xffff) == 0xfffe)
                    k += 1 + ((m[k] >> 16) & 0x7fff);
                if (mn - k + 1 != bare_size / 4 || m[0] != bare[0]) {
                    harness_fail(__FILE__, __LINE__, "%s: MojoShader: %zu tokens, ours %zu",
                                 f->name, mn - k + 1, bare_size / 4);
                } else {
                    for (; k < mn; k++, j++) {
                        bool dcl_token = j >= 1 && (bare[j - 1] & 0xffff) == D3DBC_OP_DCL &&
                                         !(bare[j - 1] & 0x80000000u);
                        if (m[k] == bare[j])
                            continue;
                        if (bare[0] == 0xffff0300u && dcl_token && m[k] == 0x80000000u &&
                            (bare[j] & ~0x000f000fu) == 0x80000000u)
                            continue; /* the ps_3_0 input usage rule above */
                        harness_fail(__FILE__, __LINE__, "%s: token %zu: MojoShader 0x%08x, "
                                     "ours 0x%08x", f->name, j, m[k], bare[j]);
                        break;
                    }
                    compared++;
                }
            }
            MOJOSHADER_freeParseData(pd);
            free(mtext);
        }

        /* 2. MojoShader's parser accepts our tokens, comments (CTAB) included. */
        if (ex >= 0 && (mojo_exceptions[ex].skip & MOJO_SKIP_PARSE)) {
            free(bare);
            free(ours);
            continue;
        }
        pd = MOJOSHADER_parse(MOJOSHADER_PROFILE_D3D, NULL, (const unsigned char *)ours,
                              (unsigned)size, NULL, 0, NULL, 0, NULL, NULL, NULL);
        if (pd->error_count)
            harness_fail(__FILE__, __LINE__, "%s: MojoShader refuses our tokens: offset %d: %s",
                         f->name, pd->errors[0].error_position, pd->errors[0].error);
        else
            parsed++;
        MOJOSHADER_freeParseData(pd);
        free(bare);
        free(ours);
    }
    printf("  d3dbc: MojoShader: %u/%zu corpus files assembled to the same tokens, %u/%zu "
           "parsed, %u files with listed exceptions\n", compared, corpus_count, parsed,
           corpus_count, excepted);
}
#else
TEST(d3dbc_mojoshader_cross_check)
{
    SKIP("MojoShader not found at build time (Debian: apt-get install libmojoshader-dev): the "
         "corpus is not cross-checked");
}
#endif
