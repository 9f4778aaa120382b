/* tests/test_dxbc.c — the DXBC container reader (src/shader/dxbc.c, dxbc_checksum.c).
 *
 * Two fixed blobs are the ground truth: hand-assembled from the documented token formats (no
 * compiler involved) and signed with dxbc_compute_checksum().  Their checksums were confirmed
 * independently:
 *
 *   $ vkd3d-compiler -x dxbc-tpf -b spirv-binary -o out.spv vs_fixture.dxbc    -> exit 0
 *   $ (same with one checksum byte flipped)        -> "E0003: Invalid DXBC checksum.", exit 1
 *
 * with vkd3d-compiler 1.2 (Debian package vkd3d-compiler 1.2-15), which verifies checksums,
 * for both fixtures.  vs_fixture's hashed length is 60 mod 64 (fxc's two-final-block case),
 * ps_fixture's 28 mod 64 (one final block), so both branches of the padding are pinned by
 * known answers.  dxbc_vkd3d_cross_check repeats that check whenever vkd3d-compiler is
 * installed, and skips otherwise.
 *
 * Everything else is built here: builder() lays chunks out and signs the result, and the
 * malformed-input tests patch one field of a valid blob, re-sign it (so the checksum does not
 * hide the check under test) and look for the error code and an offset in the message.
 */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"
#include "shader/dxbc.h"

#include <stdlib.h>
#include <unistd.h>

/* ---- fixtures ------------------------------------------------------------------------------ */

/* vs_4_0:  dcl_input v0.xyzw / dcl_output_siv o0.xyzw, position / mov o0.xyzw, v0.xyzw / ret
 *
 * SM4 tokens.  Opcode token: opcode in bits 0-10, instruction length (tokens) in bits 24-30.
 * Operand token: bits 0-1 component count (2 = four), 2-3 selection mode (0 mask, 1 swizzle),
 * 4-7 mask or 4-11 swizzle, 12-19 register type (1 input, 2 output, 4 immediate32), 20-21 index
 * dimension, 22-24 index representation (0 = immediate 32-bit).
 *   dcl_input (0x5f), 3 tokens:          0x0300005f
 *   v0.xyzw as a mask: 2 | 0xf<<4 | 1<<12 | 1<<20 = 0x001010f2, index 0
 *   dcl_output_siv (0x67), 4 tokens:     0x04000067, o0.xyzw = 0x001020f2, 0, name 1 (position)
 *   mov (0x36), 5 tokens:                0x05000036, o0.xyzw, 0,
 *   v0.xyzw as a swizzle: 2 | 1<<2 | 0xe4<<4 | 1<<12 | 1<<20 = 0x00101e46, 0
 *   ret (0x3e), 1 token:                 0x0100003e
 * Version token: minor | major<<4 | type<<16 (1 = vertex) = 0x00010040; 15 tokens in all. */
static const uint32_t vs_fixture[] = {
    0x43425844, 0xdc4f94b3, 0x24947dd9, 0x04dff1d9, 0xb7e8ed68, /* "DXBC", checksum */
    0x00000001, 0x00000110, 0x00000004,                         /* version, size, chunks */
    0x00000030, 0x00000064, 0x00000098, 0x000000cc,             /* chunk offsets */
    /* 0x30 RDEF: no cbuffers or bindings, target vs_4_0, creator at +0x1c */
    0x46454452, 0x0000002c, 0, 0x1c, 0, 0x1c, 0xfffe0400, 0, 0x1c,
    0x74666f73, 0x20643364, 0x74786966, 0x00657275,             /* "softd3d fixture" */
    /* 0x64 ISGN: 1 element: name +0x20, index 0, sysval 0, float (3), v0, mask xyzw, used xyzw */
    0x4e475349, 0x0000002c, 1, 8, 0x20, 0, 0, 3, 0, 0x00000f0f,
    0x49534f50, 0x4e4f4954, 0x00000000,                         /* "POSITION" */
    /* 0x98 OSGN: SV_Position, sysval 1 (position), float, o0, mask xyzw, never-written none */
    0x4e47534f, 0x0000002c, 1, 8, 0x20, 0, 1, 3, 0, 0x0000000f,
    0x505f5653, 0x7469736f, 0x006e6f69,                         /* "SV_Position" */
    /* 0xcc SHDR */
    0x52444853, 0x0000003c, 0x00010040, 15, 0x0300005f, 0x001010f2, 0,
    0x04000067, 0x001020f2, 0, 1, 0x05000036, 0x001020f2, 0, 0x00101e46, 0, 0x0100003e,
};

/* ps_4_0:  dcl_output o0.xyzw / mov o0.xyzw, l(1.0, 0, 0, 1.0) / ret
 *   dcl_output (0x65), 3 tokens: 0x03000065, 0x001020f2, 0
 *   mov, 8 tokens: 0x08000036, o0.xyzw, 0, immediate32 four components: 2 | 4<<12 = 0x4002,
 *   then the four values.  Version 0x00000040 (type 0 = pixel), 14 tokens.
 * STAT is 29 words (the SM4 size); only the instruction count (2) and declarations (1) are set. */
static const uint32_t ps_fixture[] = {
    0x43425844, 0x47d25f9c, 0xbef21fb2, 0x5ec324c6, 0x3840415f,
    0x00000001, 0x00000130, 0x00000004,
    0x00000030, 0x00000040, 0x00000074, 0x000000b4,
    /* 0x30 ISGN: empty */
    0x4e475349, 0x00000008, 0, 8,
    /* 0x40 OSGN: SV_Target, sysval 0, float, o0, mask xyzw */
    0x4e47534f, 0x0000002c, 1, 8, 0x20, 0, 0, 3, 0, 0x0000000f,
    0x545f5653, 0x65677261, 0x00000074,                         /* "SV_Target" */
    /* 0x74 SHDR */
    0x52444853, 0x00000038, 0x00000040, 14, 0x03000065, 0x001020f2, 0,
    0x08000036, 0x001020f2, 0, 0x00004002, 0x3f800000, 0, 0, 0x3f800000, 0x0100003e,
    /* 0xb4 STAT */
    0x54415453, 0x00000074, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0,
};

/* Chunk positions in vs_fixture (data = chunk + 8). */
enum { VS_RDEF = 0x30, VS_ISGN = 0x64, VS_OSGN = 0x98, VS_SHDR = 0xcc };

/* ---- helpers --------------------------------------------------------------------------------- */

struct wbuf {
    uint8_t b[2048];
    size_t n;
};

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static size_t w32(struct wbuf *w, uint32_t v)
{
    size_t at = w->n;
    put32(w->b + w->n, v);
    w->n += 4;
    return at;
}

/* A NUL-terminated string padded to 4 bytes with 0xab, as fxc pads; returns its offset. */
static uint32_t wstr(struct wbuf *w, const char *s)
{
    size_t at = w->n, len = strlen(s) + 1;
    memcpy(w->b + w->n, s, len);
    w->n += len;
    while (w->n & 3)
        w->b[w->n++] = 0xab;
    return (uint32_t)at;
}

struct tchunk {
    uint32_t tag;
    const void *data;
    size_t size;
};

/* Lays out a signed container: header, offset table, chunks in order.  Returns its size. */
static size_t build(uint8_t *out, size_t cap, const struct tchunk *c, unsigned n)
{
    size_t at = DXBC_HEADER_SIZE + 4 * (size_t)n;
    memset(out, 0, cap);
    put32(out, DXBC_TAG_DXBC);
    put32(out + 20, 1);
    put32(out + 28, n);
    for (unsigned i = 0; i < n; i++) {
        if (at + 8 + c[i].size > cap)
            abort();
        put32(out + DXBC_HEADER_SIZE + 4 * i, (uint32_t)at);
        put32(out + at, c[i].tag);
        put32(out + at + 4, (uint32_t)c[i].size);
        memcpy(out + at + 8, c[i].data, c[i].size);
        at += 8 + c[i].size;
    }
    put32(out + 24, (uint32_t)at);
    dxbc_sign(out, at);
    return at;
}

static size_t copy_fixture(uint8_t *out, const uint32_t *words, size_t bytes)
{
    for (size_t i = 0; i < bytes / 4; i++)
        put32(out + 4 * i, words[i]);
    return bytes;
}

/* Patches the 32-bit field at `at`, re-signs, parses.  The info is freed again. */
static int parse_patched(const uint8_t *orig, size_t size, size_t at, uint32_t value,
                         struct dxbc_error *err)
{
    uint8_t buf[2048];
    struct dxbc_shader_info info;
    memcpy(buf, orig, size);
    put32(buf + at, value);
    dxbc_sign(buf, size);
    int ret = dxbc_parse(buf, size, 0, &info, err);
    if (ret == 0)
        dxbc_info_free(&info);
    return ret;
}

#define CHECK_REFUSED(blob, size, at, value, want, needle)                                   \
    do {                                                                                      \
        struct dxbc_error e_;                                                                 \
        CHECK_EQ(parse_patched(blob, size, at, value, &e_), want);                            \
        CHECK_EQ(e_.code, want);                                                              \
        CHECK_STR_CONTAINS(e_.message, "offset 0x");                                          \
        CHECK_STR_CONTAINS(e_.message, needle);                                               \
    } while (0)

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rng(void) /* xorshift64*, seeded: runs are reproducible */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

/* ---- checksum --------------------------------------------------------------------------------- */

static void hex16(const uint8_t *d, char out[33])
{
    for (int i = 0; i < 16; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

TEST(dxbc_md5_rfc1321_vectors)
{
    static const struct {
        const char *in, *md5;
    } v[] = {
        {"", "d41d8cd98f00b204e9800998ecf8427e"},
        {"a", "0cc175b9c0f1b6a831c399e269772661"},
        {"abc", "900150983cd24fb0d6963f7d28e17f72"},
        {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
        {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
        {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
         "d174ab98d277d9f5a5611c2c9f419d9f"},
        {"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
         "57edf4a22be3c955ac49da2e2107b67a"},
    };
    for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        uint8_t d[16];
        char hex[33];
        dxbc_md5(v[i].in, strlen(v[i].in), d);
        hex16(d, hex);
        CHECK_STR_CONTAINS(hex, v[i].md5);
    }
}

TEST(dxbc_checksum_known_answers)
{
    uint8_t blob[512], sum[16];

    /* Both padding branches: (size - 20) mod 64 is 60 for one fixture and 28 for the other. */
    CHECK_EQ((sizeof(vs_fixture) - 20) % 64, 60);
    CHECK_EQ((sizeof(ps_fixture) - 20) % 64, 28);

    size_t n = copy_fixture(blob, vs_fixture, sizeof(vs_fixture));
    CHECK_EQ(dxbc_compute_checksum(blob, n, sum), 0);
    CHECK_EQ(get32(sum), 0xdc4f94b3);
    CHECK_EQ(get32(sum + 4), 0x24947dd9);
    CHECK_EQ(get32(sum + 8), 0x04dff1d9);
    CHECK_EQ(get32(sum + 12), 0xb7e8ed68);

    n = copy_fixture(blob, ps_fixture, sizeof(ps_fixture));
    CHECK_EQ(dxbc_compute_checksum(blob, n, sum), 0);
    CHECK(!memcmp(sum, blob + 4, 16));

    /* dxbc_sign writes exactly what the fixture holds; the checksum ignores bytes 0-19. */
    memset(blob + 4, 0, 16);
    blob[0] = 'X';
    CHECK_EQ(dxbc_sign(blob, n), 0);
    CHECK_EQ(get32(blob + 4), ps_fixture[1]);
    CHECK_EQ(get32(blob + 16), ps_fixture[4]);

    CHECK_EQ(dxbc_compute_checksum(blob, 19, sum), DXBC_E_TRUNCATED);
    CHECK_EQ(dxbc_compute_checksum(blob, 20, sum), 0); /* empty hashed range is fine */
}

TEST(dxbc_checksum_mismatch_refused)
{
    uint8_t blob[512];
    struct dxbc_shader_info info;
    struct dxbc_error err;
    size_t n = copy_fixture(blob, vs_fixture, sizeof(vs_fixture));

    for (size_t i = 4; i < 20; i++) {
        blob[i] ^= 0x01;
        CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), DXBC_E_CHECKSUM);
        CHECK_EQ(err.offset, 4);
        CHECK_STR_CONTAINS(err.message, "checksum at offset 0x4 does not match");
        blob[i] ^= 0x01;
    }
    /* A change anywhere in the hashed range is caught, even in "don't care" padding. */
    blob[n - 1] ^= 0x80;
    CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), DXBC_E_CHECKSUM);
    /* ...unless the caller skips the check (fuzzing and tests only). */
    CHECK_EQ(dxbc_parse(blob, n, DXBC_PARSE_SKIP_CHECKSUM, &info, &err), 0);
    dxbc_info_free(&info);
}

TEST(dxbc_zero_checksum_needs_flag)
{
    uint8_t blob[512];
    struct dxbc_shader_info info;
    struct dxbc_error err;
    size_t n = copy_fixture(blob, vs_fixture, sizeof(vs_fixture));

    memset(blob + 4, 0, 16);
    CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), DXBC_E_CHECKSUM);
    CHECK_STR_CONTAINS(err.message, "all zero");
    CHECK_EQ(dxbc_parse(blob, n, DXBC_PARSE_ALLOW_ZERO_CHECKSUM, &info, &err), 0);
    CHECK(info.has_program);
    dxbc_info_free(&info);
    /* The flag accepts zero only, not a wrong checksum. */
    blob[4] = 1;
    CHECK_EQ(dxbc_parse(blob, n, DXBC_PARSE_ALLOW_ZERO_CHECKSUM, &info, &err), DXBC_E_CHECKSUM);
}

TEST(dxbc_vkd3d_cross_check)
{
    static const struct {
        const uint32_t *words;
        size_t size;
    } fx[] = {{vs_fixture, sizeof(vs_fixture)}, {ps_fixture, sizeof(ps_fixture)}};
    char path[] = "/tmp/softd3d_dxbc_XXXXXX", cmd[256];

    if (system("command -v vkd3d-compiler >/dev/null 2>&1") != 0)
        SKIP("vkd3d-compiler not installed (Debian: apt-get install vkd3d-compiler)");
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    close(fd);
    snprintf(cmd, sizeof(cmd),
             "vkd3d-compiler -x dxbc-tpf -b spirv-binary -o /dev/null %s >/dev/null 2>&1", path);
    for (size_t i = 0; i < 2; i++) {
        for (int flip = 0; flip < 2; flip++) {
            uint8_t blob[512];
            size_t n = copy_fixture(blob, fx[i].words, fx[i].size);
            blob[4 + 7] ^= (uint8_t)flip;
            FILE *f = fopen(path, "wb");
            CHECK(f && fwrite(blob, 1, n, f) == n);
            if (f)
                fclose(f);
            int status = system(cmd);
            if (flip)
                CHECK(status != 0); /* "E0003: Invalid DXBC checksum." */
            else
                CHECK_EQ(status, 0);
        }
    }
    unlink(path);
}

/* ---- valid blobs ------------------------------------------------------------------------- */

TEST(dxbc_parse_vs_fixture)
{
    struct dxbc_shader_info info;
    struct dxbc_error err;

    CHECK_EQ(dxbc_parse(vs_fixture, sizeof(vs_fixture), 0, &info, &err), 0);
    CHECK_EQ(err.code, 0);
    CHECK_EQ(err.message[0], 0);
    CHECK_EQ(info.chunk_count, 4);
    CHECK(info.has_program);
    CHECK_EQ(info.program_tag, DXBC_TAG_SHDR);
    CHECK_EQ(info.program_type, DXBC_PROGRAM_VERTEX);
    CHECK_EQ(info.major, 4);
    CHECK_EQ(info.minor, 0);
    CHECK_EQ(info.program_token_count, 15);
    CHECK_EQ(info.program_offset, VS_SHDR + 8);
    CHECK(!info.has_level9);
    CHECK_EQ(info.level9_target, DXBC_LEVEL9_NONE);
    CHECK(!info.has_stat);

    CHECK(info.input.present);
    CHECK_EQ(info.input.tag, DXBC_TAG_ISGN);
    CHECK_EQ(info.input.count, 1);
    const struct dxbc_signature_element *e = &info.input.elements[0];
    CHECK_STR_CONTAINS(e->semantic_name, "POSITION");
    CHECK_EQ(strlen(e->semantic_name), 8);
    CHECK_EQ(e->semantic_index, 0);
    CHECK_EQ(e->system_value, 0);
    CHECK_EQ(e->component_type, 3);
    CHECK_EQ(e->register_index, 0);
    CHECK_EQ(e->mask, 0xf);
    CHECK_EQ(e->rw_mask, 0xf);
    CHECK_EQ(e->stream, 0);
    CHECK_EQ(e->min_precision, 0);

    CHECK_EQ(info.output.count, 1);
    e = dxbc_signature_find(&info.output, "sv_position", 0); /* semantics match any case */
    CHECK(e != NULL);
    if (e) {
        CHECK_EQ(e->system_value, 1);
        CHECK_EQ(e->mask, 0xf);
        CHECK_EQ(e->rw_mask, 0);
    }
    CHECK(dxbc_signature_find(&info.output, "SV_Position", 1) == NULL);
    CHECK(!info.patch_constant.present);

    CHECK(info.rdef.present);
    CHECK_EQ(info.rdef.target_token, 0xfffe0400);
    CHECK_EQ(info.rdef.target_type, DXBC_PROGRAM_VERTEX);
    CHECK_EQ(info.rdef.target_major, 4);
    CHECK_EQ(info.rdef.target_minor, 0);
    CHECK_EQ(info.rdef.cbuffer_count, 0);
    CHECK_EQ(info.rdef.binding_count, 0);
    CHECK_STR_CONTAINS(info.rdef.creator, "softd3d fixture");
    dxbc_info_free(&info);
    CHECK(!info.input.elements && !info.rdef.storage && !info.has_program);
    dxbc_info_free(&info); /* twice is harmless */
}

TEST(dxbc_parse_ps_fixture)
{
    struct dxbc_shader_info info;
    struct dxbc_error err;

    CHECK_EQ(dxbc_parse(ps_fixture, sizeof(ps_fixture), 0, &info, &err), 0);
    CHECK_EQ(info.program_type, DXBC_PROGRAM_PIXEL);
    CHECK_EQ(info.program_token_count, 14);
    CHECK(info.input.present);
    CHECK_EQ(info.input.count, 0);
    CHECK(info.input.elements == NULL);
    CHECK_EQ(info.output.count, 1);
    CHECK_STR_CONTAINS(info.output.elements[0].semantic_name, "SV_Target");
    CHECK(!info.rdef.present);
    CHECK(info.rdef.creator == NULL);
    CHECK(info.has_stat);
    CHECK_EQ(info.stat_instruction_count, 2);
    dxbc_info_free(&info);
}

TEST(dxbc_container_access)
{
    struct dxbc_container c;
    struct dxbc_chunk ch;
    struct dxbc_error err;

    CHECK_EQ(dxbc_container_open(&c, vs_fixture, sizeof(vs_fixture), 0, &err), 0);
    CHECK_EQ(c.chunk_count, 4);
    CHECK(dxbc_container_find(&c, DXBC_TAG_OSGN, &ch));
    CHECK_EQ(ch.index, 2);
    CHECK_EQ(ch.offset, VS_OSGN + 8);
    CHECK_EQ(ch.size, 0x2c);
    CHECK(ch.data == (const uint8_t *)vs_fixture + VS_OSGN + 8);
    CHECK(!dxbc_container_find(&c, DXBC_TAG_AON9, &ch));
    CHECK_EQ(dxbc_container_chunk(&c, 3, &ch), 0);
    CHECK_EQ(ch.tag, DXBC_TAG_SHDR);
    CHECK_EQ(dxbc_container_chunk(&c, 4, &ch), DXBC_E_INVALID_ARG);
    CHECK_EQ(dxbc_container_open(NULL, vs_fixture, sizeof(vs_fixture), 0, &err), DXBC_E_INVALID_ARG);
    CHECK_EQ(dxbc_parse(vs_fixture, sizeof(vs_fixture), 0, NULL, &err), DXBC_E_INVALID_ARG);
    CHECK_EQ(dxbc_container_open(&c, NULL, 0, 0, NULL), DXBC_E_TRUNCATED); /* err is optional */
}

/* Chunks may be listed in any order and unknown chunks are skipped; a count of 0 is a valid
 * (empty) container with no program. */
TEST(dxbc_chunk_table_order_and_empty)
{
    uint8_t blob[512];
    struct dxbc_shader_info info;
    struct dxbc_error err;
    size_t n = copy_fixture(blob, vs_fixture, sizeof(vs_fixture));

    put32(blob + 32, VS_SHDR);
    put32(blob + 44, VS_RDEF);
    put32(blob + VS_ISGN, DXBC_FOURCC('X', 'Y', 'Z', 'W'));
    dxbc_sign(blob, n);
    CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), 0);
    CHECK(info.has_program && info.rdef.present && info.output.present);
    CHECK(!info.input.present);
    dxbc_info_free(&info);

    n = build(blob, sizeof(blob), NULL, 0);
    CHECK_EQ(n, 32);
    CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), 0);
    CHECK(!info.has_program && !info.input.present);
    dxbc_info_free(&info);
}

/* ---- hostile containers ------------------------------------------------------------------- */

TEST(dxbc_truncation_at_every_offset)
{
    uint8_t blob[512], cut[512];
    struct dxbc_shader_info info;
    struct dxbc_error err;
    size_t n = copy_fixture(blob, vs_fixture, sizeof(vs_fixture));

    for (size_t len = 0; len < n; len++) {
        /* Plain truncation: the declared size no longer matches. */
        memset(&err, 0, sizeof(err));
        int ret = dxbc_parse(blob, len, 0, &info, &err);
        CHECK(ret < 0);
        CHECK_EQ(err.code, ret);
        CHECK_STR_CONTAINS(err.message, "offset 0x");
        CHECK(!info.has_program && !info.input.elements);
        /* Truncation that also fixes the size field and the checksum: the chunks must catch it. */
        if (len >= DXBC_HEADER_SIZE) {
            memcpy(cut, blob, len);
            put32(cut + 24, (uint32_t)len);
            dxbc_sign(cut, len);
            ret = dxbc_parse(cut, len, 0, &info, &err);
            CHECK(ret < 0);
            CHECK_STR_CONTAINS(err.message, "offset 0x");
            if (ret == 0)
                dxbc_info_free(&info);
        }
    }
    /* Using malloc'd copies of exactly len bytes lets ASan see any read past the end. */
    for (size_t len = 0; len < n; len++) {
        uint8_t *p = malloc(len ? len : 1);
        memcpy(p, blob, len);
        CHECK(dxbc_parse(p, len, DXBC_PARSE_SKIP_CHECKSUM, &info, &err) < 0);
        free(p);
    }
}

TEST(dxbc_header_errors)
{
    uint8_t blob[600];
    struct dxbc_shader_info info;
    struct dxbc_error err;
    size_t n = copy_fixture(blob, vs_fixture, sizeof(vs_fixture));

    CHECK_REFUSED(blob, n, 0, DXBC_FOURCC('D', 'X', 'B', 'D'), DXBC_E_BAD_HEADER, "not \"DXBC\"");
    CHECK_REFUSED(blob, n, 20, 2, DXBC_E_BAD_HEADER, "container version 2 at offset 0x14");
    CHECK_REFUSED(blob, n, 24, 0x10f, DXBC_E_BAD_HEADER, "total size 0x10f at offset 0x18");
    CHECK_REFUSED(blob, n, 24, 0xffffffff, DXBC_E_TRUNCATED, "does not match the blob size 0x110");
    CHECK_REFUSED(blob, n, 28, 0xffffffff, DXBC_E_BAD_CHUNK, "chunk count 4294967295 at offset 0x1c");
    CHECK_REFUSED(blob, n, 28, 0x40000000, DXBC_E_BAD_CHUNK, "offset table up to 0x100000020");
    /* Five chunks: the table now covers the first chunk's header. */
    CHECK_REFUSED(blob, n, 28, 5, DXBC_E_BAD_CHUNK, "inside the header or chunk table");

    /* A blob larger than its declared size is refused too (trailing bytes are not ignored). */
    memcpy(blob + n, "junk", 4);
    CHECK_EQ(dxbc_parse(blob, n + 4, DXBC_PARSE_SKIP_CHECKSUM, &info, &err), DXBC_E_BAD_HEADER);
    CHECK_STR_CONTAINS(err.message, "does not match the blob size 0x114");
}

TEST(dxbc_chunk_table_errors)
{
    uint8_t blob[512];
    size_t n = copy_fixture(blob, vs_fixture, sizeof(vs_fixture));

    CHECK_REFUSED(blob, n, 32, 0x10, DXBC_E_BAD_CHUNK, "chunk 0 at offset 0x10 (table entry at 0x20)");
    CHECK_REFUSED(blob, n, 36, 0x110, DXBC_E_BAD_CHUNK, "chunk 1 at offset 0x110: its 8-byte header");
    CHECK_REFUSED(blob, n, 40, 0x10c, DXBC_E_BAD_CHUNK, "runs past the end (blob 0x110)");
    CHECK_REFUSED(blob, n, 44, 0xffffffff, DXBC_E_BAD_CHUNK, "chunk 3 at offset 0xffffffff");
    /* Sizes that run past the end, including ones that would wrap 32-bit arithmetic. */
    CHECK_REFUSED(blob, n, VS_RDEF + 4, 0xffffffff, DXBC_E_BAD_CHUNK,
                  "chunk 0 (RDEF) at offset 0x30 runs past the end (size 0xffffffff, blob 0x110)");
    CHECK_REFUSED(blob, n, VS_SHDR + 4, 0xffffffd0, DXBC_E_BAD_CHUNK, "size 0xffffffd0");
    CHECK_REFUSED(blob, n, VS_SHDR + 4, 0x3d, DXBC_E_BAD_CHUNK, "chunk 3 (SHDR) at offset 0xcc");
    /* Overlaps: a chunk growing into the next one, two entries naming the same chunk. */
    CHECK_REFUSED(blob, n, VS_RDEF + 4, 0x30, DXBC_E_BAD_CHUNK,
                  "chunk 1 at offset 0x64 overlaps chunk 0 at offset 0x30 (which ends at 0x68)");
    CHECK_REFUSED(blob, n, 44, VS_ISGN, DXBC_E_BAD_CHUNK, "chunk 3 at offset 0x64 overlaps chunk 1");
    CHECK_REFUSED(blob, n, 40, VS_ISGN + 4, DXBC_E_BAD_CHUNK, "overlaps");
}

/* Many chunks take the allocation path of the overlap check. */
TEST(dxbc_many_chunks)
{
    static uint8_t blob[8192];
    struct tchunk c[100];
    struct dxbc_shader_info info;
    struct dxbc_error err;
    uint32_t payload = 0x12345678;

    for (unsigned i = 0; i < 100; i++)
        c[i] = (struct tchunk){DXBC_FOURCC('P', 'A', 'D', '0' + i % 10), &payload, 4};
    size_t n = build(blob, sizeof(blob), c, 100);
    CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), 0);
    CHECK_EQ(info.chunk_count, 100);
    dxbc_info_free(&info);
    /* Chunk 99 pointed at chunk 40: found although 58 other chunks lie between them. */
    put32(blob + 32 + 4 * 99, get32(blob + 32 + 4 * 40));
    dxbc_sign(blob, n);
    CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), DXBC_E_BAD_CHUNK);
    CHECK_STR_CONTAINS(err.message, "chunk 99 at offset");
    CHECK_STR_CONTAINS(err.message, "overlaps chunk 40");
}

/* ---- signatures --------------------------------------------------------------------------- */

TEST(dxbc_signature_errors)
{
    uint8_t blob[512];
    size_t n = copy_fixture(blob, vs_fixture, sizeof(vs_fixture));
    const size_t d = VS_ISGN + 8; /* ISGN data: count, first, element (name at d + 8) */

    CHECK_REFUSED(blob, n, d + 8, 0x2c, DXBC_E_BAD_SIGNATURE,
                  "ISGN element 0: semantic name offset 0x2c (at offset 0x74) is outside the chunk (size 0x2c)");
    CHECK_REFUSED(blob, n, d + 8, 0xffffffff, DXBC_E_BAD_SIGNATURE, "is outside the chunk");
    /* "POSITION" followed by four non-NUL bytes up to the chunk end: unterminated. */
    CHECK_REFUSED(blob, n, d + 0x28, 0x44434241, DXBC_E_BAD_SIGNATURE,
                  "has no NUL terminator inside the chunk");
    /* Counts: plainly too many, huge, and one whose byte size wraps 32 bits (0x0aaaaaab * 24 =
     * 0x100000008) — all refused before anything is allocated. */
    CHECK_REFUSED(blob, n, d, 2, DXBC_E_BAD_SIGNATURE, "2 elements of 24 bytes at +0x8 run past its end");
    CHECK_REFUSED(blob, n, d, 0xffffffff, DXBC_E_BAD_SIGNATURE, "4294967295 elements");
    CHECK_REFUSED(blob, n, d, 0x0aaaaaab, DXBC_E_BAD_SIGNATURE, "run past its end (size 0x2c)");
    CHECK_REFUSED(blob, n, d + 4, 0xffffffff, DXBC_E_BAD_SIGNATURE, "at +0xffffffff");
    CHECK_REFUSED(blob, n, d + 4, 0x15, DXBC_E_BAD_SIGNATURE, "at +0x15");
    /* An empty signature's element offset is never used, so it is not checked. */
    {
        uint8_t b0[512];
        struct dxbc_error e0;
        memcpy(b0, blob, n);
        put32(b0 + d, 0);
        CHECK_EQ(parse_patched(b0, n, d + 4, 0xffffffff, &e0), 0);
    }
    /* The output signature too (and the error names its offset). */
    CHECK_REFUSED(blob, n, VS_OSGN + 16, 0x1000, DXBC_E_BAD_SIGNATURE, "OSGN element 0");

    /* A chunk too small for its header. */
    uint8_t small[256];
    uint32_t four = 0;
    struct tchunk c[1] = {{DXBC_TAG_OSGN, &four, 4}};
    struct dxbc_shader_info info;
    struct dxbc_error err;
    size_t m = build(small, sizeof(small), c, 1);
    CHECK_EQ(dxbc_parse(small, m, 0, &info, &err), DXBC_E_BAD_SIGNATURE);
    CHECK_STR_CONTAINS(err.message, "OSGN chunk at offset 0x24 is 0x4 bytes");
}

/* OSG5 (stream first), ISG1/OSG1/PSG1 (stream first, min precision last), PCSG (plain). */
TEST(dxbc_signature_variants)
{
    struct wbuf isg1 = {{0}, 0}, osg5 = {{0}, 0}, pcsg = {{0}, 0};
    uint8_t blob[1024];
    struct dxbc_shader_info info;
    struct dxbc_error err;

    /* ISG1: two elements sharing one name: stream, name, index, sysval, type, reg, masks, prec */
    w32(&isg1, 2);
    w32(&isg1, 8);
    uint32_t e0 = (uint32_t)isg1.n;
    uint32_t vals0[8] = {0, 0, 0, 0, 3, 0, 0x0f0f, 2}, vals1[8] = {0, 0, 1, 0, 2, 1, 0x0303, 4};
    for (int i = 0; i < 8; i++)
        w32(&isg1, vals0[i]);
    for (int i = 0; i < 8; i++)
        w32(&isg1, vals1[i]);
    uint32_t name = wstr(&isg1, "sem");
    put32(isg1.b + e0 + 4, name);
    put32(isg1.b + e0 + 32 + 4, name);

    /* OSG5: stream 2, SV_Position */
    w32(&osg5, 1);
    w32(&osg5, 8);
    uint32_t vals5[7] = {2, 0, 0, 1, 3, 0, 0x000f};
    for (int i = 0; i < 7; i++)
        w32(&osg5, vals5[i]);
    put32(osg5.b + 12, wstr(&osg5, "SV_Position"));

    /* PCSG: SV_TessFactor (sysval 11) x3 in registers 0-2, mask x */
    w32(&pcsg, 3);
    w32(&pcsg, 8);
    for (uint32_t i = 0; i < 3; i++) {
        uint32_t v[6] = {0, i, 11, 3, i, 0x0e01};
        for (int k = 0; k < 6; k++)
            w32(&pcsg, v[k]);
    }
    uint32_t tf = wstr(&pcsg, "SV_TessFactor");
    for (uint32_t i = 0; i < 3; i++)
        put32(pcsg.b + 8 + 24 * i, tf);

    uint32_t plain[2] = {0, 8};
    struct tchunk c[4] = {
        {DXBC_TAG_ISGN, plain, 8}, /* ISG1 wins over ISGN whatever the order */
        {DXBC_TAG_ISG1, isg1.b, isg1.n},
        {DXBC_TAG_OSG5, osg5.b, osg5.n},
        {DXBC_TAG_PCSG, pcsg.b, pcsg.n},
    };
    size_t n = build(blob, sizeof(blob), c, 4);
    CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), 0);
    CHECK_EQ(info.input.tag, DXBC_TAG_ISG1);
    CHECK_EQ(info.input.count, 2);
    if (info.input.count == 2) {
        CHECK_STR_CONTAINS(info.input.elements[1].semantic_name, "sem");
        CHECK_EQ(info.input.elements[0].min_precision, 2);
        CHECK_EQ(info.input.elements[1].min_precision, 4);
        CHECK_EQ(info.input.elements[1].semantic_index, 1);
        CHECK_EQ(info.input.elements[1].component_type, 2);
        CHECK_EQ(info.input.elements[1].register_index, 1);
        CHECK_EQ(info.input.elements[1].mask, 3);
        CHECK_EQ(info.input.elements[1].rw_mask, 3);
        CHECK(dxbc_signature_find(&info.input, "SEM", 1) == &info.input.elements[1]);
    }
    CHECK_EQ(info.output.tag, DXBC_TAG_OSG5);
    CHECK_EQ(info.output.count, 1);
    if (info.output.count == 1) {
        CHECK_EQ(info.output.elements[0].stream, 2);
        CHECK_EQ(info.output.elements[0].system_value, 1);
        CHECK_STR_CONTAINS(info.output.elements[0].semantic_name, "SV_Position");
    }
    CHECK_EQ(info.patch_constant.tag, DXBC_TAG_PCSG);
    CHECK_EQ(info.patch_constant.count, 3);
    if (info.patch_constant.count == 3) {
        CHECK_EQ(info.patch_constant.elements[2].semantic_index, 2);
        CHECK_EQ(info.patch_constant.elements[2].system_value, 11);
        CHECK_EQ(info.patch_constant.elements[2].mask, 1);
        CHECK_EQ(info.patch_constant.elements[2].rw_mask, 0xe);
    }
    CHECK(!info.has_program);
    /* The info owns its strings: the blob can go away. */
    memset(blob, 0, n);
    CHECK_STR_CONTAINS(info.patch_constant.elements[0].semantic_name, "SV_TessFactor");
    dxbc_info_free(&info);

    /* ISG1 elements are 32 bytes: two of them do not fit in 8 + 32 + 8 bytes. */
    struct tchunk cut = {DXBC_TAG_ISG1, isg1.b, 8 + 32 + 8};
    n = build(blob, sizeof(blob), &cut, 1);
    CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), DXBC_E_BAD_SIGNATURE);
    CHECK_STR_CONTAINS(err.message, "2 elements of 32 bytes");
}

/* ---- program header -------------------------------------------------------------------------- */

TEST(dxbc_program_errors)
{
    uint8_t blob[512];
    size_t n = copy_fixture(blob, vs_fixture, sizeof(vs_fixture));
    const size_t d = VS_SHDR + 8;

    CHECK_REFUSED(blob, n, d, 0x00060040, DXBC_E_BAD_PROGRAM, "unknown program type 6");
    CHECK_REFUSED(blob, n, d, 0xfffe0200, DXBC_E_BAD_PROGRAM, "at offset 0xd4");
    CHECK_REFUSED(blob, n, d, 0x00010030, DXBC_E_BAD_PROGRAM, "shader model 3.0, not 4 or 5");
    CHECK_REFUSED(blob, n, d + 4, 1, DXBC_E_BAD_PROGRAM, "token count 1 at offset 0xd8 is less than");
    CHECK_REFUSED(blob, n, d + 4, 16, DXBC_E_BAD_PROGRAM, "token count 16 at offset 0xd8 runs past");
    CHECK_REFUSED(blob, n, d + 4, 0xffffffff, DXBC_E_BAD_PROGRAM, "runs past the chunk end");
    /* SHEX is read the same way; shorter declared programs are allowed (the token decoder
     * checks the rest); SM5 too. */
    uint8_t b2[512];
    struct dxbc_shader_info info;
    struct dxbc_error err;
    memcpy(b2, blob, n);
    put32(b2 + VS_SHDR, DXBC_TAG_SHEX);
    put32(b2 + d, 0x00050050); /* cs_5_0 */
    put32(b2 + d + 4, 2);
    dxbc_sign(b2, n);
    CHECK_EQ(dxbc_parse(b2, n, 0, &info, &err), 0);
    CHECK_EQ(info.program_tag, DXBC_TAG_SHEX);
    CHECK_EQ(info.program_type, DXBC_PROGRAM_COMPUTE);
    CHECK_EQ(info.major, 5);
    CHECK_EQ(info.program_token_count, 2);
    dxbc_info_free(&info);

    uint32_t tiny = 0x00010040;
    struct tchunk c[1] = {{DXBC_TAG_SHDR, &tiny, 4}};
    size_t m = build(b2, sizeof(b2), c, 1);
    CHECK_EQ(dxbc_parse(b2, m, 0, &info, &err), DXBC_E_BAD_PROGRAM);
    CHECK_STR_CONTAINS(err.message, "SHDR chunk at offset 0x24 is 0x4 bytes");
}

/* ---- level 9 (Aon9) ----------------------------------------------------------------------- */

/* A level-9 vertex shader the way fxc lays one out for vs_4_0_level_9_1: the SHDR of
 * vs_fixture plus an Aon9 chunk holding
 *     vs_2_0 / dcl_texcoord v0 / mov oPos, v0 / end
 * SM2 tokens: version 0xfffe0200; dcl (0x1f) with 2 parameter tokens in bits 24-27, usage token
 * 0x80000005 (texcoord), dst v0 = bit 31 | type 1 (input) << 28 | mask 0xf << 16 = 0x900f0000;
 * mov (0x01) 0x02000001, dst oPos = type 4 (rastout) = 0xc00f0000, src v0.xyzw = 0x90e40000;
 * end 0x0000ffff.  One runtime constant (fxc's position offset in c0) at +0x24. */
static size_t build_level9(uint8_t *out, size_t cap, uint32_t header_token, uint32_t prog_token,
                           uint32_t shdr_version, struct wbuf *aon9)
{
    static const uint32_t prog[] = {0, 0x0200001f, 0x80000005, 0x900f0000,
                                    0x02000001, 0xc00f0000, 0x90e40000, 0x0000ffff};
    aon9->n = 0;
    w32(aon9, 0x48);         /* +0  size of the level-9 data */
    w32(aon9, header_token); /* +4 */
    w32(aon9, sizeof(prog)); /* +8  program size */
    w32(aon9, 0x28);         /* +12 program offset */
    for (int i = 0; i < 4; i++)
        w32(aon9, 0x00240000); /* cb, loop, unknown, sampler tables: empty */
    w32(aon9, 0x00240001);     /* runtime constants: 1 at +0x24 */
    w32(aon9, 0);              /* +0x24: c0 <- position offset */
    for (size_t i = 0; i < 8; i++)
        w32(aon9, i ? prog[i] : prog_token);

    uint8_t shdr[0x3c];
    memcpy(shdr, (const uint8_t *)vs_fixture + VS_SHDR + 8, sizeof(shdr));
    put32(shdr, shdr_version);
    struct tchunk c[4] = {
        {DXBC_TAG_AON9, aon9->b, aon9->n},
        {DXBC_TAG_SHDR, shdr, sizeof(shdr)},
        {DXBC_TAG_ISGN, (const uint8_t *)vs_fixture + VS_ISGN + 8, 0x2c},
        {DXBC_TAG_OSGN, (const uint8_t *)vs_fixture + VS_OSGN + 8, 0x2c},
    };
    return build(out, cap, c, 4);
}

TEST(dxbc_level9_versions)
{
    static const struct {
        uint32_t header, prog, shdr;
        enum dxbc_level9_target target;
    } t[] = {
        {0xfffe0200, 0xfffe0200, 0x00010040, DXBC_LEVEL9_1}, /* vs_4_0_level_9_1 */
        {0xfffe0201, 0xfffe0201, 0x00010040, DXBC_LEVEL9_3}, /* vs_4_0_level_9_3 */
        {0xfffe0200, 0xfffe0201, 0x00010040, DXBC_LEVEL9_3}, /* the program's token decides */
        {0xffff0200, 0xffff0200, 0x00000040, DXBC_LEVEL9_1}, /* ps_4_0_level_9_1 */
        {0xffff0201, 0xffff0201, 0x00000040, DXBC_LEVEL9_3}, /* ps_4_0_level_9_3 */
    };
    uint8_t blob[512];
    struct wbuf aon9;
    struct dxbc_shader_info info;
    struct dxbc_error err;

    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        size_t n = build_level9(blob, sizeof(blob), t[i].header, t[i].prog, t[i].shdr, &aon9);
        CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), 0);
        CHECK(info.has_level9);
        CHECK_EQ(info.level9_version_token, t[i].prog);
        CHECK_EQ(info.level9_header_token, t[i].header);
        CHECK_EQ(info.level9_target, t[i].target);
        CHECK_EQ(info.level9_program_size, 32);
        /* Aon9 is chunk 0 at 0x30: data at 0x38, program at +0x28. */
        CHECK_EQ(info.level9_program_offset, 0x38 + 0x28);
        CHECK_EQ(get32(blob + info.level9_program_offset), t[i].prog);
        CHECK_EQ(get32(blob + info.level9_program_offset + 28), 0x0000ffff);
        CHECK(info.has_program);
        dxbc_info_free(&info);
    }
}

TEST(dxbc_level9_errors)
{
    uint8_t blob[512];
    struct wbuf aon9;
    struct dxbc_shader_info info;
    struct dxbc_error err;
    size_t n = build_level9(blob, sizeof(blob), 0xfffe0200, 0xfffe0200, 0x00010040, &aon9);
    const size_t d = 0x38; /* Aon9 data */

    CHECK_REFUSED(blob, n, d + 12, 0x30, DXBC_E_BAD_LEVEL9, "program at +0x30 of 0x20 bytes runs past");
    CHECK_REFUSED(blob, n, d + 12, 0xfffffff0, DXBC_E_BAD_LEVEL9, "runs past its end (size 0x48)");
    CHECK_REFUSED(blob, n, d + 8, 0xffffffff, DXBC_E_BAD_LEVEL9, "of 0xffffffff bytes");
    CHECK_REFUSED(blob, n, d + 8, 0, DXBC_E_BAD_LEVEL9, "too small for its version token");
    CHECK_REFUSED(blob, n, d + 0x28, 0xfffe0300, DXBC_E_BAD_LEVEL9,
                  "level-9 program at offset 0x60 has version token 0xfffe0300");
    CHECK_REFUSED(blob, n, d + 0x28, 0xfffe0202, DXBC_E_BAD_LEVEL9, "not vs/ps 2.0 or 2.x");
    CHECK_REFUSED(blob, n, d + 0x28, 0x00010040, DXBC_E_BAD_LEVEL9, "0x00010040");
    /* A pixel program beside a vertex SHDR. */
    CHECK_REFUSED(blob, n, d + 0x28, 0xffff0200, DXBC_E_BAD_LEVEL9, "does not match the SHDR");
    /* Mapping tables of known entry size must fit; empty ones may point anywhere. */
    CHECK_REFUSED(blob, n, d + 16 + 12, 0x0024ffff, DXBC_E_BAD_LEVEL9,
                  "sampler mapping table (65535 entries at +0x24)");
    CHECK_REFUSED(blob, n, d + 16, 0xfff00001, DXBC_E_BAD_LEVEL9, "constant buffer mapping table");
    CHECK_REFUSED(blob, n, d + 16 + 16, 0x00460001, DXBC_E_BAD_LEVEL9, "runtime constant");
    CHECK_REFUSED(blob, n, d + 16 + 4, 0x00490001, DXBC_E_BAD_LEVEL9, "loop register");
    CHECK_EQ(parse_patched(blob, n, d + 16 + 8, 0xffff0000, &err), 0);

    /* An Aon9 chunk too short for its header. */
    struct tchunk c[1] = {{DXBC_TAG_AON9, aon9.b, 32}};
    size_t m = build(blob, sizeof(blob), c, 1);
    CHECK_EQ(dxbc_parse(blob, m, 0, &info, &err), DXBC_E_BAD_LEVEL9);
    CHECK_STR_CONTAINS(err.message, "Aon9 chunk at offset 0x24 is 0x20 bytes");
}

/* ---- RDEF ----------------------------------------------------------------------------------- */

struct rdef_layout {
    size_t cb_name0, cb_vars0, bind_name2, creator, var_table;
};

/* Two cbuffers, three bindings; bindings are 40 bytes (with space and id) for 5.1 targets. */
static size_t build_rdef(struct wbuf *w, uint32_t target, struct rdef_layout *at)
{
    bool sm51 = target == 0xffff0501;
    size_t bind_size = sm51 ? 40 : 32, var_size = (target & 0xff00) >= 0x500 ? 40 : 24;
    w->n = 0;
    memset(w->b, 0, sizeof(w->b));
    w32(w, 2);            /* cbuffers */
    w32(w, 0x1c);
    w32(w, 3);            /* bindings */
    w32(w, 0x1c + 48);
    w32(w, target);
    w32(w, 0x101);        /* compile flags */
    size_t creator = w32(w, 0);
    at->creator = creator;
    size_t cbs = w->n, binds = cbs + 48, vars = binds + 3 * bind_size;
    static const uint32_t cbv[2][6] = {{0, 2, 0, 32, 0, 0}, {0, 1, 0, 64, 1, 0}};
    static const uint32_t bv[3][10] = {
        {0, 3, 0, 0, 0, 0, 1, 0, 0, 0},              /* sampler s0 */
        {0, 2, 5, 4, 0xffffffff, 3, 2, 0xc, 1, 7},   /* Texture2D<float4> t3-t4 */
        {0, 0, 0, 0, 0, 1, 1, 0, 0, 1},              /* cbuffer b1 */
    };
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 6; k++)
            w32(w, cbv[i][k]);
    for (int i = 0; i < 3; i++)
        for (size_t k = 0; k < bind_size / 4; k++)
            w32(w, bv[i][k]);
    at->var_table = w->n;
    for (size_t i = 0; i < 3 * var_size / 4; i++)
        w32(w, 0); /* variables are not decoded, only bounded */
    uint32_t n_glob = wstr(w, "Globals"), n_lights = wstr(w, "Lights");
    uint32_t n_samp = wstr(w, "samp"), n_tex = wstr(w, "tex");
    put32(w->b + creator, wstr(w, "softd3d assembler"));
    put32(w->b + cbs, n_glob);
    put32(w->b + cbs + 8, (uint32_t)vars);
    put32(w->b + cbs + 24, n_lights);
    put32(w->b + cbs + 24 + 8, (uint32_t)(vars + 2 * var_size));
    put32(w->b + binds, n_samp);
    put32(w->b + binds + bind_size, n_tex);
    put32(w->b + binds + 2 * bind_size, n_glob);
    at->cb_name0 = cbs;
    at->cb_vars0 = cbs + 4;
    at->bind_name2 = binds + 2 * bind_size;
    return w->n;
}

TEST(dxbc_rdef_contents)
{
    static const uint32_t targets[] = {0xffff0400, 0xffff0500, 0xffff0501};
    uint8_t blob[1024];
    struct wbuf w;
    struct rdef_layout at;
    struct dxbc_shader_info info;
    struct dxbc_error err;

    for (size_t t = 0; t < 3; t++) {
        build_rdef(&w, targets[t], &at);
        struct tchunk c[1] = {{DXBC_TAG_RDEF, w.b, w.n}};
        size_t n = build(blob, sizeof(blob), c, 1);
        CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), 0);
        const struct dxbc_rdef *r = &info.rdef;
        CHECK(r->present);
        CHECK_EQ(r->target_token, targets[t]);
        CHECK_EQ(r->target_type, DXBC_PROGRAM_PIXEL);
        CHECK_EQ(r->target_major, (targets[t] >> 8) & 0xff);
        CHECK_EQ(r->target_minor, targets[t] & 0xff);
        CHECK_EQ(r->compile_flags, 0x101);
        CHECK_STR_CONTAINS(r->creator, "softd3d assembler");
        CHECK_EQ(r->cbuffer_count, 2);
        CHECK_EQ(r->binding_count, 3);
        if (r->cbuffer_count == 2 && r->binding_count == 3) {
            CHECK_STR_CONTAINS(r->cbuffers[0].name, "Globals");
            CHECK_EQ(r->cbuffers[0].variable_count, 2);
            CHECK_EQ(r->cbuffers[0].size, 32);
            CHECK_STR_CONTAINS(r->cbuffers[1].name, "Lights");
            CHECK_EQ(r->cbuffers[1].size, 64);
            CHECK_EQ(r->cbuffers[1].flags, 1);
            CHECK_STR_CONTAINS(r->bindings[0].name, "samp");
            CHECK_EQ(r->bindings[0].type, 3);
            CHECK_STR_CONTAINS(r->bindings[1].name, "tex");
            CHECK_EQ(r->bindings[1].type, 2);
            CHECK_EQ(r->bindings[1].return_type, 5);
            CHECK_EQ(r->bindings[1].dimension, 4);
            CHECK_EQ(r->bindings[1].sample_count, 0xffffffff);
            CHECK_EQ(r->bindings[1].bind_point, 3);
            CHECK_EQ(r->bindings[1].bind_count, 2);
            CHECK_EQ(r->bindings[1].flags, 0xc);
            CHECK_EQ(r->bindings[1].space, t == 2 ? 1 : 0);
            CHECK_EQ(r->bindings[1].id, t == 2 ? 7 : 0);
            CHECK_STR_CONTAINS(r->bindings[2].name, "Globals");
            CHECK_EQ(r->bindings[2].bind_point, 1);
        }
        dxbc_info_free(&info);
    }

    /* Other target types; a missing creator string reads as "". */
    build_rdef(&w, 0x43530500, &at);
    put32(w.b + at.creator, 0);
    struct tchunk c[1] = {{DXBC_TAG_RDEF, w.b, w.n}};
    size_t n = build(blob, sizeof(blob), c, 1);
    CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), 0);
    CHECK_EQ(info.rdef.target_type, DXBC_PROGRAM_COMPUTE);
    CHECK(info.rdef.creator && !info.rdef.creator[0]);
    dxbc_info_free(&info);
}

TEST(dxbc_rdef_errors)
{
    uint8_t blob[1024];
    struct wbuf w;
    struct rdef_layout at;
    struct dxbc_shader_info info;
    struct dxbc_error err;

    /* RDEF comes after a valid input signature, so failures must free what was parsed. */
    size_t len = build_rdef(&w, 0xffff0400, &at);
    struct tchunk c[2] = {{DXBC_TAG_ISGN, (const uint8_t *)vs_fixture + VS_ISGN + 8, 0x2c},
                          {DXBC_TAG_RDEF, w.b, len}};
    size_t n = build(blob, sizeof(blob), c, 2);
    CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), 0);
    dxbc_info_free(&info);
    const size_t d = DXBC_HEADER_SIZE + 8 + 8 + 0x2c + 8; /* RDEF data in the blob */

    CHECK_REFUSED(blob, n, d + at.cb_name0, (uint32_t)len, DXBC_E_BAD_RDEF,
                  "RDEF constant buffer 0: name offset");
    CHECK_REFUSED(blob, n, d + at.cb_name0, 0xfffffffc, DXBC_E_BAD_RDEF, "is outside the chunk");
    CHECK_REFUSED(blob, n, d + at.bind_name2, 0x7fffffff, DXBC_E_BAD_RDEF, "RDEF binding 2");
    CHECK_REFUSED(blob, n, d + at.creator, 0x10000, DXBC_E_BAD_RDEF, "RDEF creator string");
    CHECK_REFUSED(blob, n, d + 0, 0x0aaaaaab, DXBC_E_BAD_RDEF, "constant buffers at +0x1c run past");
    CHECK_REFUSED(blob, n, d + 4, 0xffffffff, DXBC_E_BAD_RDEF, "at +0xffffffff");
    CHECK_REFUSED(blob, n, d + 8, 0x08000001, DXBC_E_BAD_RDEF, "134217729 bindings of 32 bytes");
    CHECK_REFUSED(blob, n, d + 12, (uint32_t)len - 64, DXBC_E_BAD_RDEF, "bindings");
    CHECK_REFUSED(blob, n, d + at.cb_vars0, 0x10000000, DXBC_E_BAD_RDEF,
                  "268435456 variables of 24 bytes");
    /* From SM5 on, variables are 40 bytes: 5 variables at the table fit in the rest of the
     * chunk (72 bytes of table + 48 of strings) as SM4 variables, not as SM5 ones. */
    uint8_t b5[1024];
    memcpy(b5, blob, n);
    put32(b5 + d + at.cb_vars0, 5);
    CHECK_EQ(parse_patched(b5, n, d + at.cb_vars0, 5, &err), 0);
    CHECK_REFUSED(b5, n, d + 16, 0xffff0500, DXBC_E_BAD_RDEF, "5 variables of 40 bytes");

    /* Unterminated strings: the last name runs to the chunk end without a NUL. */
    uint8_t b2[1024];
    memcpy(b2, blob, n);
    memset(b2 + d + len - 4, 'x', 4);
    dxbc_sign(b2, n);
    CHECK_EQ(dxbc_parse(b2, n, 0, &info, &err), DXBC_E_BAD_RDEF);
    CHECK_STR_CONTAINS(err.message, "has no NUL terminator inside the chunk");
    CHECK(!info.input.present && !info.input.elements);

    /* A chunk shorter than the header. */
    struct tchunk s[1] = {{DXBC_TAG_RDEF, w.b, 24}};
    n = build(b2, sizeof(b2), s, 1);
    CHECK_EQ(dxbc_parse(b2, n, 0, &info, &err), DXBC_E_BAD_RDEF);
    CHECK_STR_CONTAINS(err.message, "RDEF chunk at offset 0x24 is 0x18 bytes");
}

TEST(dxbc_stat_errors)
{
    uint8_t blob[512];
    struct dxbc_shader_info info;
    struct dxbc_error err;
    size_t n = copy_fixture(blob, ps_fixture, sizeof(ps_fixture));

    /* Shrink STAT to 2 bytes and cut the blob right after them. */
    put32(blob + 0xb4 + 4, 2);
    put32(blob + 24, 0xb4 + 8 + 2);
    n = 0xb4 + 8 + 2;
    dxbc_sign(blob, n);
    CHECK_EQ(dxbc_parse(blob, n, 0, &info, &err), DXBC_E_BAD_STAT);
    CHECK_STR_CONTAINS(err.message, "STAT chunk at offset 0xb4 is 0x2 bytes");
    /* Failing after the signatures and program were parsed leaves nothing behind. */
    CHECK(!info.output.elements && !info.has_program);
}

/* ---- random damage ------------------------------------------------------------------------ */

/* 2000 mutations of valid blobs: 1-8 random bit flips, or a random 32-bit field set to one of the
 * values that break naive arithmetic.  With the checksum skipped, damage reaches every parser;
 * nothing may crash (run under ASan/UBSan) and every refusal must name an offset.  With the
 * checksum checked, any changed blob must be refused. */
TEST(dxbc_random_damage_never_crashes)
{
    static const uint32_t nasty[] = {0, 1, 4, 8, 0x7fffffff, 0x80000000, 0xfffffff8, 0xffffffff};
    uint8_t sources[4][1024], blob[1024];
    size_t sizes[4];
    struct wbuf aon9, rdef;
    struct rdef_layout at;
    struct dxbc_shader_info info;
    struct dxbc_error err;
    int accepted = 0, refused = 0;

    sizes[0] = copy_fixture(sources[0], vs_fixture, sizeof(vs_fixture));
    sizes[1] = copy_fixture(sources[1], ps_fixture, sizeof(ps_fixture));
    sizes[2] = build_level9(sources[2], sizeof(sources[2]), 0xfffe0201, 0xfffe0201, 0x00010040, &aon9);
    build_rdef(&rdef, 0xffff0501, &at);
    struct tchunk c[2] = {{DXBC_TAG_RDEF, rdef.b, rdef.n},
                          {DXBC_TAG_OSGN, (const uint8_t *)ps_fixture + 0x48, 0x2c}};
    sizes[3] = build(sources[3], sizeof(sources[3]), c, 2);

    for (int iter = 0; iter < 2000; iter++) {
        int s = iter & 3;
        size_t n = sizes[s];
        memcpy(blob, sources[s], n);
        if (rng() & 1) {
            int flips = 1 + (int)(rng() % 8);
            for (int f = 0; f < flips; f++) {
                uint32_t bit = rng() % (uint32_t)(n * 8);
                blob[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            }
        } else {
            size_t field = 4 * (rng() % (uint32_t)(n / 4));
            put32(blob + field, nasty[rng() % 8]);
        }
        bool changed = memcmp(blob, sources[s], n) != 0;
        int ret = dxbc_parse(blob, n, DXBC_PARSE_SKIP_CHECKSUM, &info, &err);
        if (ret == 0) {
            accepted++;
            dxbc_info_free(&info);
        } else {
            refused++;
            CHECK_EQ(err.code, ret);
            CHECK_STR_CONTAINS(err.message, "offset 0x");
            CHECK(!info.input.elements && !info.output.elements && !info.rdef.storage);
        }
        ret = dxbc_parse(blob, n, 0, &info, &err);
        if (changed)
            CHECK(ret < 0);
        if (ret == 0)
            dxbc_info_free(&info);
    }
    /* Both outcomes happen: the mutations are neither all harmless nor all fatal. */
    CHECK(accepted > 100);
    CHECK(refused > 100);
}
