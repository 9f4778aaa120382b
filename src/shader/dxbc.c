/* src/shader/dxbc.c — DXBC container and chunk reader (see dxbc.h for the container layout).
 *
 * Every blob is hostile until proven otherwise.  The rules this file keeps:
 *   - Reads go through rd32() (memcpy: the blob may be unaligned) and only after a check
 *     that the bytes exist; sizes and offsets are added in 64-bit (or compared by subtraction) so
 *     a 0xffffffff field cannot wrap a check.
 *   - A count is trusted only once count * element size has been checked against the bytes that
 *     must hold the elements, so no allocation is larger than a small multiple of the input.
 *   - Strings are copied with their whole chunk: the info keeps one copy of the chunk bytes and
 *     names point into it (a NUL inside the chunk was checked for each), so a thousand elements
 *     naming one long string cost one copy, not a thousand.
 *   - Every message names the byte offset, from the start of the blob, of what was wrong.
 *
 * CHUNK LAYOUTS (all fields 32-bit little-endian unless noted; "+x" is an offset in the chunk)
 *   ISGN/OSGN/PCSG   +0 element count, +4 offset of the first element; elements of 24 bytes:
 *                    name offset, semantic index, system value (D3D_NAME), component type,
 *                    register, then a byte mask, a byte read/write mask and 2 bytes of padding.
 *   OSG5             elements of 28 bytes: a stream index first, then the 24 bytes above.
 *   ISG1/OSG1/PSG1   elements of 32 bytes: stream, the 24 bytes above, min precision.
 *                    Name offsets count from the start of the chunk data.
 *   SHDR/SHEX        +0 version token: minor in bits 0-3, major in 4-7, program type in 16-31;
 *                    +4 length of the program in tokens, these two included; the tokens.
 *   RDEF             +0 cbuffer count, +4 cbuffer offset, +8 binding count, +12 binding offset,
 *                    +16 target (minor | major << 8 | type << 16), +20 compile flags,
 *                    +24 creator string offset; SM5 adds "RD11" and seven size fields (60-byte
 *                    header).  cbuffer: name, variable count, variable offset, size, flags,
 *                    type (24 bytes).  binding: name, type, return type, dimension, sample count,
 *                    bind point, bind count, flags (32 bytes; SM5.1 adds space and id: 40).
 *                    Variables are 24 bytes before SM5, 40 from SM5 (4 texture/sampler fields).
 *   STAT             +0 instruction count, then more counters this reader does not need.
 *   Aon9             see parse_level9().
 */
#include "shader/dxbc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define DXBC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DXBC_PRINTF(f, a)
#endif

/* ---- reading ---------------------------------------------------------------------------- */

static uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof(v));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

/* Do bytes [off, off + len) lie inside a region of size bytes?  Written so nothing can wrap. */
static bool fits(size_t size, uint64_t off, uint64_t len)
{
    return off <= size && len <= (uint64_t)size - off;
}

/* The tag as text for messages; bytes that are not printable ASCII become '?'. */
static const char *tag_text(uint32_t tag, char buf[5])
{
    for (unsigned i = 0; i < 4; i++) {
        unsigned char ch = (unsigned char)(tag >> (8 * i));
        buf[i] = (ch >= 0x20 && ch < 0x7f) ? (char)ch : '?';
    }
    buf[4] = '\0';
    return buf;
}

static int fail(struct dxbc_error *err, int code, size_t offset, const char *fmt, ...) DXBC_PRINTF(4, 5);

static int fail(struct dxbc_error *err, int code, size_t offset, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->code = code;
        err->offset = offset;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof(err->message), fmt, ap);
        va_end(ap);
    }
    return code;
}

static void clear_error(struct dxbc_error *err)
{
    if (err) {
        err->code = DXBC_OK;
        err->offset = 0;
        err->message[0] = '\0';
    }
}

/* A NUL-terminated string at chunk offset off: true when the NUL lies inside the chunk. */
static bool chunk_string_ok(const struct dxbc_chunk *ch, uint32_t off)
{
    return off < ch->size && memchr(ch->data + off, 0, ch->size - off) != NULL;
}

/* ---- the container ------------------------------------------------------------------------ */

struct span {
    uint64_t start, end; /* chunk header to end of data, in the blob */
    uint32_t index;
};

static int span_cmp(const void *a, const void *b)
{
    const struct span *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Chunks may come in any order in the table, so overlaps are found by sorting the regions. */
static int check_overlaps(const uint8_t *p, uint32_t count, struct dxbc_error *err)
{
    struct span local[32], *s = local;

    if (count < 2)
        return DXBC_OK;
    if (count > sizeof(local) / sizeof(local[0])) {
        s = malloc((size_t)count * sizeof(*s)); /* count <= blob size / 12: bounded by input */
        if (!s)
            return fail(err, DXBC_E_NOMEM, 0x1c,
                        "dxbc: out of memory checking the %u chunks counted at offset 0x1c", count);
    }
    for (uint32_t i = 0; i < count; i++) {
        uint32_t off = rd32(p + DXBC_HEADER_SIZE + 4 * (size_t)i);
        s[i].start = off;
        s[i].end = (uint64_t)off + 8 + rd32(p + off + 4);
        s[i].index = i;
    }
    qsort(s, count, sizeof(*s), span_cmp);
    int ret = DXBC_OK;
    for (uint32_t i = 1; i < count; i++) {
        if (s[i].start < s[i - 1].end) {
            ret = fail(err, DXBC_E_BAD_CHUNK, (size_t)s[i].start,
                       "dxbc: chunk %u at offset 0x%llx overlaps chunk %u at offset 0x%llx "
                       "(which ends at 0x%llx)",
                       s[i].index, (unsigned long long)s[i].start, s[i - 1].index,
                       (unsigned long long)s[i - 1].start, (unsigned long long)s[i - 1].end);
            break;
        }
    }
    if (s != local)
        free(s);
    return ret;
}

static int check_checksum(const uint8_t *p, size_t size, unsigned flags, struct dxbc_error *err)
{
    static const uint8_t zero[16];
    uint8_t sum[16];
    char want[33], got[33];

    if (flags & DXBC_PARSE_SKIP_CHECKSUM)
        return DXBC_OK;
    if (!memcmp(p + DXBC_CHECKSUM_OFFSET, zero, 16)) {
        if (flags & DXBC_PARSE_ALLOW_ZERO_CHECKSUM)
            return DXBC_OK;
        return fail(err, DXBC_E_CHECKSUM, DXBC_CHECKSUM_OFFSET,
                    "dxbc: checksum at offset 0x4 is all zero (an unsigned blob)");
    }
    dxbc_compute_checksum(p, size, sum);
    if (!memcmp(p + DXBC_CHECKSUM_OFFSET, sum, 16))
        return DXBC_OK;
    for (unsigned i = 0; i < 16; i++) {
        snprintf(got + 2 * i, 3, "%02x", p[DXBC_CHECKSUM_OFFSET + i]);
        snprintf(want + 2 * i, 3, "%02x", sum[i]);
    }
    return fail(err, DXBC_E_CHECKSUM, DXBC_CHECKSUM_OFFSET,
                "dxbc: checksum at offset 0x4 does not match the contents (stored %s, computed %s)",
                got, want);
}

int dxbc_container_open(struct dxbc_container *c, const void *data, size_t size, unsigned flags,
                        struct dxbc_error *err)
{
    const uint8_t *p = data;
    int ret;

    clear_error(err);
    if (!c)
        return fail(err, DXBC_E_INVALID_ARG, 0, "dxbc: no container to fill (blob offset 0x0)");
    memset(c, 0, sizeof(*c));
    if (!p && size)
        return fail(err, DXBC_E_INVALID_ARG, 0, "dxbc: NULL blob of 0x%zx bytes at offset 0x0", size);
    if (size < DXBC_HEADER_SIZE)
        return fail(err, DXBC_E_TRUNCATED, 0,
                    "dxbc: blob of 0x%zx bytes is shorter than the 0x20-byte header at offset 0x0",
                    size);
    if (rd32(p) != DXBC_TAG_DXBC)
        return fail(err, DXBC_E_BAD_HEADER, 0,
                    "dxbc: magic 0x%08x at offset 0x0 is not \"DXBC\"", (unsigned)rd32(p));

    uint32_t total = rd32(p + 24);
    if (total != size)
        return fail(err, total > size ? DXBC_E_TRUNCATED : DXBC_E_BAD_HEADER, 24,
                    "dxbc: total size 0x%x at offset 0x18 does not match the blob size 0x%zx",
                    (unsigned)total, size);
    /* Before anything else is believed: with a good checksum, the rest is what the compiler
     * wrote (or a deliberate forgery, which the checks below still stop). */
    if ((ret = check_checksum(p, size, flags, err)) < 0)
        return ret;
    uint32_t version = rd32(p + 20);
    if (version != 1)
        return fail(err, DXBC_E_BAD_HEADER, 20,
                    "dxbc: container version %u at offset 0x14 is not 1", (unsigned)version);

    uint32_t count = rd32(p + 28);
    uint64_t table_end = DXBC_HEADER_SIZE + 4 * (uint64_t)count;
    if (table_end > size)
        return fail(err, DXBC_E_BAD_CHUNK, 28,
                    "dxbc: chunk count %u at offset 0x1c needs an offset table up to 0x%llx, "
                    "past the end of the blob (0x%zx)",
                    (unsigned)count, (unsigned long long)table_end, size);
    for (uint32_t i = 0; i < count; i++) {
        size_t entry = DXBC_HEADER_SIZE + 4 * (size_t)i;
        uint32_t off = rd32(p + entry);
        char tn[5];

        if (off < table_end)
            return fail(err, DXBC_E_BAD_CHUNK, entry,
                        "dxbc: chunk %u at offset 0x%x (table entry at 0x%zx) lies inside the "
                        "header or chunk table, which end at 0x%llx",
                        (unsigned)i, (unsigned)off, entry, (unsigned long long)table_end);
        if (!fits(size, off, 8))
            return fail(err, DXBC_E_BAD_CHUNK, off,
                        "dxbc: chunk %u at offset 0x%x: its 8-byte header runs past the end "
                        "(blob 0x%zx)", (unsigned)i, (unsigned)off, size);
        uint32_t csize = rd32(p + off + 4);
        if (!fits(size, (uint64_t)off + 8, csize))
            return fail(err, DXBC_E_BAD_CHUNK, off,
                        "dxbc: chunk %u (%s) at offset 0x%x runs past the end (size 0x%x, "
                        "blob 0x%zx)", (unsigned)i, tag_text(rd32(p + off), tn), (unsigned)off,
                        (unsigned)csize, size);
    }
    if ((ret = check_overlaps(p, count, err)) < 0)
        return ret;

    c->data = p;
    c->size = size;
    c->chunk_count = count;
    return DXBC_OK;
}

int dxbc_container_chunk(const struct dxbc_container *c, uint32_t index, struct dxbc_chunk *out)
{
    if (!c || !out || index >= c->chunk_count)
        return DXBC_E_INVALID_ARG;
    uint32_t off = rd32(c->data + DXBC_HEADER_SIZE + 4 * (size_t)index);
    out->tag = rd32(c->data + off);
    out->index = index;
    out->size = rd32(c->data + off + 4);
    out->offset = (size_t)off + 8;
    out->data = c->data + out->offset;
    return DXBC_OK;
}

bool dxbc_container_find(const struct dxbc_container *c, uint32_t tag, struct dxbc_chunk *out)
{
    struct dxbc_chunk ch;

    for (uint32_t i = 0; c && i < c->chunk_count; i++) {
        if (dxbc_container_chunk(c, i, &ch) == DXBC_OK && ch.tag == tag) {
            if (out)
                *out = ch;
            return true;
        }
    }
    return false;
}

/* ---- signatures ------------------------------------------------------------------------- */

static int parse_signature(const struct dxbc_chunk *ch, struct dxbc_signature *sig,
                           struct dxbc_error *err)
{
    size_t stride = 24, base = 0; /* base: where the 24 common bytes start in an element */
    bool has_minprec = false;
    char tn[5];

    tag_text(ch->tag, tn);
    if (ch->tag == DXBC_TAG_OSG5) {
        stride = 28;
        base = 4;
    } else if (ch->tag == DXBC_TAG_ISG1 || ch->tag == DXBC_TAG_OSG1 || ch->tag == DXBC_TAG_PSG1) {
        stride = 32;
        base = 4;
        has_minprec = true;
    }
    if (ch->size < 8)
        return fail(err, DXBC_E_BAD_SIGNATURE, ch->offset - 8,
                    "dxbc: %s chunk at offset 0x%zx is 0x%x bytes, less than its 8-byte header",
                    tn, ch->offset - 8, (unsigned)ch->size);
    uint32_t count = rd32(ch->data), first = rd32(ch->data + 4);
    if (count && !fits(ch->size, first, (uint64_t)count * stride))
        return fail(err, DXBC_E_BAD_SIGNATURE, ch->offset - 8,
                    "dxbc: %s chunk at offset 0x%zx: %u elements of %zu bytes at +0x%x run past "
                    "its end (size 0x%x)",
                    tn, ch->offset - 8, (unsigned)count, stride, (unsigned)first,
                    (unsigned)ch->size);

    /* Check every name before allocating anything. */
    for (uint32_t i = 0; i < count; i++) {
        size_t e = first + (size_t)i * stride;
        uint32_t name = rd32(ch->data + e + base);
        if (!chunk_string_ok(ch, name))
            return fail(err, DXBC_E_BAD_SIGNATURE, ch->offset + e + base,
                        "dxbc: %s element %u: semantic name offset 0x%x (at offset 0x%zx) %s "
                        "the chunk (size 0x%x)",
                        tn, (unsigned)i, (unsigned)name, ch->offset + e + base,
                        name < ch->size ? "has no NUL terminator inside" : "is outside",
                        (unsigned)ch->size);
    }

    sig->present = true;
    sig->tag = ch->tag;
    sig->count = count;
    if (!count)
        return DXBC_OK;
    /* One allocation: the elements, then a copy of the chunk the names point into. */
    size_t bytes = (size_t)count * sizeof(*sig->elements);
    struct dxbc_signature_element *el = malloc(bytes + ch->size);
    if (!el) {
        sig->count = 0;
        return fail(err, DXBC_E_NOMEM, ch->offset - 8,
                    "dxbc: out of memory for the %u elements of the %s chunk at offset 0x%zx",
                    (unsigned)count, tn, ch->offset - 8);
    }
    char *copy = (char *)el + bytes;
    memcpy(copy, ch->data, ch->size);
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *e = ch->data + first + (size_t)i * stride;
        const uint8_t *c = e + base;
        uint32_t masks = rd32(c + 20);
        el[i].semantic_name = copy + rd32(c);
        el[i].semantic_index = rd32(c + 4);
        el[i].system_value = rd32(c + 8);
        el[i].component_type = rd32(c + 12);
        el[i].register_index = rd32(c + 16);
        el[i].mask = (uint8_t)masks;
        el[i].rw_mask = (uint8_t)(masks >> 8);
        el[i].stream = base ? rd32(e) : 0;
        el[i].min_precision = has_minprec ? rd32(e + 28) : 0;
    }
    sig->elements = el;
    return DXBC_OK;
}

static void free_signature(struct dxbc_signature *sig)
{
    free(sig->elements);
    memset(sig, 0, sizeof(*sig));
}

static int ascii_casecmp(const char *a, const char *b)
{
    for (;; a++, b++) {
        int x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z')
            x += 'a' - 'A';
        if (y >= 'A' && y <= 'Z')
            y += 'a' - 'A';
        if (x != y || !x)
            return x - y;
    }
}

const struct dxbc_signature_element *dxbc_signature_find(const struct dxbc_signature *sig,
                                                         const char *semantic_name,
                                                         uint32_t semantic_index)
{
    for (uint32_t i = 0; sig && semantic_name && i < sig->count; i++) {
        const struct dxbc_signature_element *e = &sig->elements[i];
        if (e->semantic_index == semantic_index && !ascii_casecmp(e->semantic_name, semantic_name))
            return e;
    }
    return NULL;
}

/* ---- the SM4/SM5 program header ---------------------------------------------------------- */

static int parse_program(const struct dxbc_chunk *ch, struct dxbc_shader_info *info,
                         struct dxbc_error *err)
{
    char tn[5];

    tag_text(ch->tag, tn);
    if (ch->size < 8)
        return fail(err, DXBC_E_BAD_PROGRAM, ch->offset - 8,
                    "dxbc: %s chunk at offset 0x%zx is 0x%x bytes, less than the version and "
                    "length tokens", tn, ch->offset - 8, (unsigned)ch->size);
    uint32_t version = rd32(ch->data), length = rd32(ch->data + 4);
    uint32_t type = version >> 16, major = (version >> 4) & 0xf, minor = version & 0xf;
    if (type > DXBC_PROGRAM_COMPUTE)
        return fail(err, DXBC_E_BAD_PROGRAM, ch->offset,
                    "dxbc: %s version token 0x%08x at offset 0x%zx has unknown program type %u",
                    tn, (unsigned)version, ch->offset, (unsigned)type);
    if (major < 4 || major > 5)
        return fail(err, DXBC_E_BAD_PROGRAM, ch->offset,
                    "dxbc: %s version token 0x%08x at offset 0x%zx is shader model %u.%u, not 4 "
                    "or 5", tn, (unsigned)version, ch->offset, (unsigned)major, (unsigned)minor);
    if (length < 2 || length > ch->size / 4)
        return fail(err, DXBC_E_BAD_PROGRAM, ch->offset + 4,
                    "dxbc: %s token count %u at offset 0x%zx %s (chunk size 0x%x)", tn,
                    (unsigned)length, ch->offset + 4,
                    length < 2 ? "is less than the 2 header tokens" : "runs past the chunk end",
                    (unsigned)ch->size);
    info->has_program = true;
    info->program_tag = ch->tag;
    info->program_type = (enum dxbc_program_type)type;
    info->major = major;
    info->minor = minor;
    info->program_token_count = length;
    info->program_offset = ch->offset;
    return DXBC_OK;
}

/* ---- Aon9: the level-9 program --------------------------------------------------------------
 *
 * A shader compiled for a *_4_0_level_9_x profile carries two programs: the SM4 one (SHDR, what
 * 10_0+ hardware would run) and an SM2 (d3dbc) translation in an "Aon9" chunk, which is what a
 * feature-level-9 device runs.  The Aon9 layout is not documented by Microsoft; what follows was
 * worked out from fxc output (compiled blobs in public test suites and the listings fxc prints):
 *
 *   +0   size of the level-9 data (fxc: equals the chunk size)
 *   +4   a version token (fxc: the same as the embedded program's)
 *   +8   size of the embedded SM2 program in bytes
 *   +12  offset of the program from the start of the chunk data
 *   +16  five 16-bit (count, offset) pairs, count in the low half, offsets from the chunk start:
 *        constant-buffer -> c# mappings (12 bytes each: fxc lists target register, buffer, start
 *        register, register count, 4 conversion types), loop-register mappings, a table seen
 *        empty in every fxc blob, sampler mappings (4 bytes: target sampler, source sampler,
 *        source resource) and runtime-constant mappings (4 bytes; e.g. the vertex shader's
 *        half-pixel position offset that fxc assigns to c0)
 *   then the tables and the program.
 *
 * Only the program's bounds and version are needed now; the d3dbc decoder reads the rest.
 * Non-empty tables of known entry size must fit in the chunk; the two of unknown size are only
 * checked to start inside it.
 *
 * Which feature level a level-9 program needs: the SM2 version token says vs/ps 2.0 (minor 0,
 * e.g. 0xfffe0200) or 2.x (minor 1, e.g. 0xffff0201; vs_2_a, ps_2_a and ps_2_b all encode so).
 * fxc writes 2.0 for the 4_0_level_9_0/_9_1 profiles (such a program runs on 9_1, 9_2 and 9_3;
 * there is no _9_2 profile) and 2.x for 4_0_level_9_3, the level Microsoft documents as "shader
 * model 2.0b".  So level9_target is the lowest level that can run the program: 2.0 -> 9_1,
 * 2.x -> 9_3.  Confidence: good, not certain.  Seen: fxc blobs from public 10level9 test suites
 * carry 2.0 programs; fxc listings of shaders built for 9_3 read "vs_2_x"/"ps_2_x".  Not seen:
 * Microsoft documentation of the encoding.  If fxc ever wrote 2.0 for a simple _9_3 shader,
 * classing it 9_1 would still be right (a 2.0 program runs on 9_1).  The header copy at +4 can
 * differ from the program's token in blobs from other tools (one translator writes 2.0 there
 * and 2.x in the program), so the program's own token decides.
 */
static int parse_level9(const struct dxbc_chunk *ch, struct dxbc_shader_info *info,
                        struct dxbc_error *err)
{
    static const struct {
        const char *what;
        uint32_t entry; /* bytes per entry, 0 when unknown */
    } tables[5] = {{"constant buffer", 12}, {"loop register", 0}, {"unknown", 0},
                   {"sampler", 4}, {"runtime constant", 4}};

    if (ch->size < 36)
        return fail(err, DXBC_E_BAD_LEVEL9, ch->offset - 8,
                    "dxbc: Aon9 chunk at offset 0x%zx is 0x%x bytes, less than its 0x24-byte "
                    "header", ch->offset - 8, (unsigned)ch->size);
    uint32_t header_token = rd32(ch->data + 4);
    uint32_t psize = rd32(ch->data + 8), poff = rd32(ch->data + 12);
    if (!fits(ch->size, poff, psize))
        return fail(err, DXBC_E_BAD_LEVEL9, ch->offset + 8,
                    "dxbc: Aon9 chunk at offset 0x%zx: program at +0x%x of 0x%x bytes runs past "
                    "its end (size 0x%x)", ch->offset - 8, (unsigned)poff, (unsigned)psize,
                    (unsigned)ch->size);
    if (psize < 4)
        return fail(err, DXBC_E_BAD_LEVEL9, ch->offset + 8,
                    "dxbc: level-9 program at offset 0x%zx is 0x%x bytes, too small for its "
                    "version token", ch->offset + poff, (unsigned)psize);
    for (unsigned i = 0; i < 5; i++) {
        uint32_t pair = rd32(ch->data + 16 + 4 * i);
        uint32_t count = pair & 0xffff, off = pair >> 16;
        if (count && !fits(ch->size, off, (uint64_t)count * tables[i].entry))
            return fail(err, DXBC_E_BAD_LEVEL9, ch->offset + 16 + 4 * i,
                        "dxbc: Aon9 chunk at offset 0x%zx: %s mapping table (%u entries at "
                        "+0x%x) runs past its end (size 0x%x)", ch->offset - 8, tables[i].what,
                        (unsigned)count, (unsigned)off, (unsigned)ch->size);
    }
    uint32_t token = rd32(ch->data + poff);
    uint32_t kind = token >> 16, major = (token >> 8) & 0xff, minor = token & 0xff;
    if ((kind != 0xfffe && kind != 0xffff) || major != 2 || minor > 1)
        return fail(err, DXBC_E_BAD_LEVEL9, ch->offset + poff,
                    "dxbc: level-9 program at offset 0x%zx has version token 0x%08x, not vs/ps "
                    "2.0 or 2.x", ch->offset + poff, (unsigned)token);
    info->has_level9 = true;
    info->level9_version_token = token;
    info->level9_header_token = header_token;
    info->level9_target = minor ? DXBC_LEVEL9_3 : DXBC_LEVEL9_1;
    info->level9_program_size = psize;
    info->level9_program_offset = ch->offset + poff;
    return DXBC_OK;
}

/* ---- RDEF ------------------------------------------------------------------------------- */

static enum dxbc_program_type rdef_program_type(uint32_t type)
{
    switch (type) {
    case 0xffff: return DXBC_PROGRAM_PIXEL;
    case 0xfffe: return DXBC_PROGRAM_VERTEX;
    case 0x4753: return DXBC_PROGRAM_GEOMETRY; /* 'GS' */
    case 0x4853: return DXBC_PROGRAM_HULL;     /* 'HS' */
    case 0x4453: return DXBC_PROGRAM_DOMAIN;   /* 'DS' */
    case 0x4353: return DXBC_PROGRAM_COMPUTE;  /* 'CS' */
    default: return DXBC_PROGRAM_UNKNOWN;
    }
}

/* A name at chunk offset `name`, read from chunk offset `at`; what: "binding 2" and the like. */
static int rdef_name(const struct dxbc_chunk *ch, uint32_t name, size_t at, const char *what,
                     struct dxbc_error *err)
{
    if (chunk_string_ok(ch, name))
        return DXBC_OK;
    return fail(err, DXBC_E_BAD_RDEF, ch->offset + at,
                "dxbc: RDEF %s: name offset 0x%x (at offset 0x%zx) %s the chunk (size 0x%x)",
                what, (unsigned)name, ch->offset + at,
                name < ch->size ? "has no NUL terminator inside" : "is outside",
                (unsigned)ch->size);
}

static int parse_rdef(const struct dxbc_chunk *ch, struct dxbc_rdef *rdef, struct dxbc_error *err)
{
    const uint8_t *d = ch->data;
    char what[32];
    int ret;

    if (ch->size < 28)
        return fail(err, DXBC_E_BAD_RDEF, ch->offset - 8,
                    "dxbc: RDEF chunk at offset 0x%zx is 0x%x bytes, less than its 0x1c-byte "
                    "header", ch->offset - 8, (unsigned)ch->size);
    uint32_t cb_count = rd32(d), cb_off = rd32(d + 4);
    uint32_t bind_count = rd32(d + 8), bind_off = rd32(d + 12);
    uint32_t target = rd32(d + 16), creator = rd32(d + 24);
    uint32_t major = (target >> 8) & 0xff, minor = target & 0xff;
    /* Strides follow the target version, as the reflection API must read them. */
    size_t var_stride = major >= 5 ? 40 : 24;
    size_t bind_stride = (major > 5 || (major == 5 && minor >= 1)) ? 40 : 32;

    /* Offsets of empty tables are never read, so they are not checked (as in Aon9). */
    if (cb_count && !fits(ch->size, cb_off, (uint64_t)cb_count * 24))
        return fail(err, DXBC_E_BAD_RDEF, ch->offset - 8,
                    "dxbc: RDEF chunk at offset 0x%zx: %u constant buffers at +0x%x run past its "
                    "end (size 0x%x)", ch->offset - 8, (unsigned)cb_count, (unsigned)cb_off,
                    (unsigned)ch->size);
    if (bind_count && !fits(ch->size, bind_off, (uint64_t)bind_count * bind_stride))
        return fail(err, DXBC_E_BAD_RDEF, ch->offset + 8,
                    "dxbc: RDEF chunk at offset 0x%zx: %u bindings of %zu bytes at +0x%x run past "
                    "its end (size 0x%x)", ch->offset - 8, (unsigned)bind_count, bind_stride,
                    (unsigned)bind_off, (unsigned)ch->size);
    if (creator && (ret = rdef_name(ch, creator, 24, "creator string", err)) < 0)
        return ret;
    for (uint32_t i = 0; i < cb_count; i++) {
        size_t at = cb_off + (size_t)i * 24;
        uint32_t vars = rd32(d + at + 4), var_off = rd32(d + at + 8);
        snprintf(what, sizeof(what), "constant buffer %u", (unsigned)i);
        if ((ret = rdef_name(ch, rd32(d + at), at, what, err)) < 0)
            return ret;
        if (vars && !fits(ch->size, var_off, (uint64_t)vars * var_stride))
            return fail(err, DXBC_E_BAD_RDEF, ch->offset + at + 4,
                        "dxbc: RDEF constant buffer %u (at offset 0x%zx): %u variables of %zu "
                        "bytes at +0x%x run past the chunk end (size 0x%x)", (unsigned)i,
                        ch->offset + at, (unsigned)vars, var_stride, (unsigned)var_off,
                        (unsigned)ch->size);
    }
    for (uint32_t i = 0; i < bind_count; i++) {
        size_t at = bind_off + (size_t)i * bind_stride;
        snprintf(what, sizeof(what), "binding %u", (unsigned)i);
        if ((ret = rdef_name(ch, rd32(d + at), at, what, err)) < 0)
            return ret;
    }

    /* One allocation: cbuffers, bindings, then the chunk copy the names point into. */
    size_t cb_bytes = (size_t)cb_count * sizeof(struct dxbc_rdef_cbuffer);
    size_t bind_bytes = (size_t)bind_count * sizeof(struct dxbc_rdef_binding);
    uint8_t *mem = malloc(cb_bytes + bind_bytes + ch->size + 1);
    if (!mem)
        return fail(err, DXBC_E_NOMEM, ch->offset - 8,
                    "dxbc: out of memory for the RDEF chunk at offset 0x%zx", ch->offset - 8);
    char *copy = (char *)mem + cb_bytes + bind_bytes;
    memcpy(copy, d, ch->size);
    copy[ch->size] = '\0'; /* the empty string for a missing creator */

    rdef->present = true;
    rdef->storage = mem;
    rdef->target_token = target;
    rdef->target_type = rdef_program_type(target >> 16);
    rdef->target_major = major;
    rdef->target_minor = minor;
    rdef->compile_flags = rd32(d + 20);
    rdef->creator = creator ? copy + creator : copy + ch->size;
    rdef->cbuffer_count = cb_count;
    rdef->cbuffers = cb_count ? (struct dxbc_rdef_cbuffer *)mem : NULL;
    for (uint32_t i = 0; i < cb_count; i++) {
        const uint8_t *e = d + cb_off + (size_t)i * 24;
        struct dxbc_rdef_cbuffer *cb = &rdef->cbuffers[i];
        cb->name = copy + rd32(e);
        cb->variable_count = rd32(e + 4);
        cb->size = rd32(e + 12);
        cb->flags = rd32(e + 16);
        cb->type = rd32(e + 20);
    }
    rdef->binding_count = bind_count;
    rdef->bindings = bind_count ? (struct dxbc_rdef_binding *)(mem + cb_bytes) : NULL;
    for (uint32_t i = 0; i < bind_count; i++) {
        const uint8_t *e = d + bind_off + (size_t)i * bind_stride;
        struct dxbc_rdef_binding *b = &rdef->bindings[i];
        b->name = copy + rd32(e);
        b->type = rd32(e + 4);
        b->return_type = rd32(e + 8);
        b->dimension = rd32(e + 12);
        b->sample_count = rd32(e + 16);
        b->bind_point = rd32(e + 20);
        b->bind_count = rd32(e + 24);
        b->flags = rd32(e + 28);
        b->space = bind_stride == 40 ? rd32(e + 32) : 0;
        b->id = bind_stride == 40 ? rd32(e + 36) : 0;
    }
    return DXBC_OK;
}

/* ---- the whole shader --------------------------------------------------------------------- */

/* Which of two signature chunks for the same stage wins: min precision > stream > plain. */
static int signature_rank(uint32_t tag)
{
    if (tag == DXBC_TAG_ISG1 || tag == DXBC_TAG_OSG1 || tag == DXBC_TAG_PSG1)
        return 3;
    if (tag == DXBC_TAG_OSG5)
        return 2;
    return 1;
}

static void keep(struct dxbc_chunk *slot, const struct dxbc_chunk *ch, bool ranked)
{
    if (!slot->data || (ranked && signature_rank(ch->tag) > signature_rank(slot->tag)))
        *slot = *ch;
}

int dxbc_parse(const void *data, size_t size, unsigned flags, struct dxbc_shader_info *out,
               struct dxbc_error *err)
{
    struct dxbc_chunk prog = {0}, in = {0}, outsig = {0}, patch = {0}, aon9 = {0}, rdef = {0};
    struct dxbc_chunk stat = {0}, ch;
    struct dxbc_container c;
    int ret;

    clear_error(err);
    if (!out)
        return fail(err, DXBC_E_INVALID_ARG, 0, "dxbc: no info to fill (blob offset 0x0)");
    memset(out, 0, sizeof(*out));
    out->program_type = DXBC_PROGRAM_UNKNOWN;
    out->rdef.target_type = DXBC_PROGRAM_UNKNOWN;
    if ((ret = dxbc_container_open(&c, data, size, flags, err)) < 0)
        return ret;
    out->chunk_count = c.chunk_count;

    for (uint32_t i = 0; i < c.chunk_count; i++) {
        dxbc_container_chunk(&c, i, &ch);
        switch (ch.tag) {
        case DXBC_TAG_SHDR:
        case DXBC_TAG_SHEX: keep(&prog, &ch, false); break;
        case DXBC_TAG_ISGN:
        case DXBC_TAG_ISG1: keep(&in, &ch, true); break;
        case DXBC_TAG_OSGN:
        case DXBC_TAG_OSG5:
        case DXBC_TAG_OSG1: keep(&outsig, &ch, true); break;
        case DXBC_TAG_PCSG:
        case DXBC_TAG_PSG1: keep(&patch, &ch, true); break;
        case DXBC_TAG_AON9: keep(&aon9, &ch, false); break;
        case DXBC_TAG_RDEF: keep(&rdef, &ch, false); break;
        case DXBC_TAG_STAT: keep(&stat, &ch, false); break;
        default: break; /* other chunks are not needed to create a shader */
        }
    }

    if (prog.data)
        ret = parse_program(&prog, out, err);
    if (ret >= 0 && in.data)
        ret = parse_signature(&in, &out->input, err);
    if (ret >= 0 && outsig.data)
        ret = parse_signature(&outsig, &out->output, err);
    if (ret >= 0 && patch.data)
        ret = parse_signature(&patch, &out->patch_constant, err);
    if (ret >= 0 && aon9.data)
        ret = parse_level9(&aon9, out, err);
    if (ret >= 0 && rdef.data)
        ret = parse_rdef(&rdef, &out->rdef, err);
    if (ret >= 0 && stat.data) {
        if (stat.size < 4)
            ret = fail(err, DXBC_E_BAD_STAT, stat.offset - 8,
                       "dxbc: STAT chunk at offset 0x%zx is 0x%x bytes, too small for the "
                       "instruction count", stat.offset - 8, (unsigned)stat.size);
        else {
            out->has_stat = true;
            out->stat_instruction_count = rd32(stat.data);
        }
    }
    /* The level-9 program must be the same kind of shader as the SM4 one. */
    if (ret >= 0 && out->has_level9 && out->has_program) {
        bool vs = (out->level9_version_token >> 16) == 0xfffe;
        if (out->program_type != (vs ? DXBC_PROGRAM_VERTEX : DXBC_PROGRAM_PIXEL))
            ret = fail(err, DXBC_E_BAD_LEVEL9, out->level9_program_offset,
                       "dxbc: level-9 %s program at offset 0x%zx does not match the %s program "
                       "type %d at offset 0x%zx", vs ? "vertex" : "pixel",
                       out->level9_program_offset, prog.tag == DXBC_TAG_SHEX ? "SHEX" : "SHDR",
                       (int)out->program_type, out->program_offset);
    }
    if (ret < 0) {
        dxbc_info_free(out);
        return ret;
    }
    return DXBC_OK;
}

void dxbc_info_free(struct dxbc_shader_info *info)
{
    if (!info)
        return;
    free_signature(&info->input);
    free_signature(&info->output);
    free_signature(&info->patch_constant);
    free(info->rdef.storage);
    memset(info, 0, sizeof(*info));
}
