/* src/shader/dxbc.h — reader for DXBC shader containers (the blobs fxc and D3DCompile produce).
 *
 * READ ME FIRST
 *   A DXBC blob is a 32-byte header followed by a table of chunk offsets and the chunks:
 *
 *     offset  size  field
 *     0x00    4     magic "DXBC"
 *     0x04    16    checksum: a variant of MD5 over bytes [0x14, end)  (dxbc_checksum.c)
 *     0x14    4     container version, always 1
 *     0x18    4     total size in bytes (must equal the blob's size)
 *     0x1c    4     chunk count N
 *     0x20    4*N   byte offset of each chunk from the start of the blob
 *     chunk:  4     FourCC tag ("SHDR", "ISGN", ...), 4 size of the data that follows, data
 *
 *   Everything is little-endian.  Nothing in a blob is trusted: every read is bounds-checked with
 *   overflow-safe arithmetic and goes through memcpy (the data may be unaligned), every count is
 *   bounded by the bytes that would hold it, and every error names the byte offset (from the start
 *   of the blob) where it was found.
 *
 *   dxbc_parse() is the one entry point the devices need: it checks the container and decodes the
 *   chunks that CreateVertexShader / CreatePixelShader / CreateInputLayout look at (program
 *   version, signatures, the level-9 "Aon9" program, resource definitions, statistics) into a
 *   dxbc_shader_info that owns copies of everything (the blob may be freed afterwards).  The
 *   shader tokens themselves are decoded elsewhere (tpf.c for SM4/5, d3dbc.c for the level-9
 *   SM2 program); the info only says where they are.
 *
 *   This file is API-neutral: no Direct3D types.  Enumerated fields carry the raw values of the
 *   corresponding D3D enumerations (named in the comments).
 */
#ifndef SOFTD3D_SHADER_DXBC_H
#define SOFTD3D_SHADER_DXBC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DXBC_FOURCC(a, b, c, d)                                                                  \
    ((uint32_t)(uint8_t)(a) | ((uint32_t)(uint8_t)(b) << 8) | ((uint32_t)(uint8_t)(c) << 16) |   \
     ((uint32_t)(uint8_t)(d) << 24))

#define DXBC_TAG_DXBC DXBC_FOURCC('D', 'X', 'B', 'C')
#define DXBC_TAG_RDEF DXBC_FOURCC('R', 'D', 'E', 'F') /* resource definitions (reflection) */
#define DXBC_TAG_ISGN DXBC_FOURCC('I', 'S', 'G', 'N') /* input signature, 24-byte elements */
#define DXBC_TAG_ISG1 DXBC_FOURCC('I', 'S', 'G', '1') /* input signature with min precision */
#define DXBC_TAG_OSGN DXBC_FOURCC('O', 'S', 'G', 'N') /* output signature */
#define DXBC_TAG_OSG5 DXBC_FOURCC('O', 'S', 'G', '5') /* output signature with stream (gs_5_0) */
#define DXBC_TAG_OSG1 DXBC_FOURCC('O', 'S', 'G', '1') /* output signature, stream + min precision */
#define DXBC_TAG_PCSG DXBC_FOURCC('P', 'C', 'S', 'G') /* patch constant signature (hull/domain) */
#define DXBC_TAG_PSG1 DXBC_FOURCC('P', 'S', 'G', '1') /* patch constant sig. with min precision */
#define DXBC_TAG_SHDR DXBC_FOURCC('S', 'H', 'D', 'R') /* SM4 program tokens */
#define DXBC_TAG_SHEX DXBC_FOURCC('S', 'H', 'E', 'X') /* SM5 program tokens */
#define DXBC_TAG_STAT DXBC_FOURCC('S', 'T', 'A', 'T') /* statistics */
#define DXBC_TAG_AON9 DXBC_FOURCC('A', 'o', 'n', '9') /* level-9 (SM2) copy of the program */
#define DXBC_TAG_SFI0 DXBC_FOURCC('S', 'F', 'I', '0') /* required shader features */
#define DXBC_TAG_IFCE DXBC_FOURCC('I', 'F', 'C', 'E') /* interfaces (class linkage) */
#define DXBC_TAG_SDBG DXBC_FOURCC('S', 'D', 'B', 'G') /* debug info */
#define DXBC_TAG_SPDB DXBC_FOURCC('S', 'P', 'D', 'B') /* embedded PDB */
#define DXBC_TAG_XNAS DXBC_FOURCC('X', 'N', 'A', 'S') /* XNA (Windows Phone) shader copy */
#define DXBC_TAG_XNAP DXBC_FOURCC('X', 'N', 'A', 'P') /* XNA prepass shader copy */

#define DXBC_HEADER_SIZE 32u
#define DXBC_CHECKSUM_OFFSET 4u
#define DXBC_HASHED_OFFSET 20u /* the checksum covers bytes [20, end) */

/* Return codes: 0 on success, one of these (negative) on failure. */
enum dxbc_result {
    DXBC_OK = 0,
    DXBC_E_INVALID_ARG = -1,   /* NULL pointer from the caller */
    DXBC_E_TRUNCATED = -2,     /* blob shorter than its header or than its declared size */
    DXBC_E_BAD_HEADER = -3,    /* magic, container version or total size */
    DXBC_E_CHECKSUM = -4,      /* checksum does not match (or is zero without the flag) */
    DXBC_E_BAD_CHUNK = -5,     /* chunk table: offsets, sizes, overlaps */
    DXBC_E_BAD_SIGNATURE = -6, /* ISGN/OSGN/... contents */
    DXBC_E_BAD_PROGRAM = -7,   /* SHDR/SHEX header */
    DXBC_E_BAD_LEVEL9 = -8,    /* Aon9 header or embedded program */
    DXBC_E_BAD_RDEF = -9,      /* RDEF contents */
    DXBC_E_BAD_STAT = -10,     /* STAT contents */
    DXBC_E_NOMEM = -11,
};

/* dxbc_parse() / dxbc_container_open() flags. */
enum dxbc_parse_flags {
    /* Accept a checksum of 16 zero bytes as "unsigned" (our own tools may emit such blobs;
     * the Windows runtime rejects them, so the devices never pass this). */
    DXBC_PARSE_ALLOW_ZERO_CHECKSUM = 1u << 0,
    /* Do not verify the checksum at all.  For fuzzing and tests that mutate blobs only. */
    DXBC_PARSE_SKIP_CHECKSUM = 1u << 1,
};

/* Filled on failure (when non-NULL); cleared on success. */
struct dxbc_error {
    int code;            /* the negative return value */
    size_t offset;       /* byte offset in the blob the message is about */
    char message[200];   /* "dxbc: ... offset 0x... ...", NUL-terminated */
};

/* ---- container level ------------------------------------------------------------------- */

struct dxbc_container {
    const uint8_t *data; /* the caller's blob, not copied */
    size_t size;
    uint32_t chunk_count;
};

struct dxbc_chunk {
    uint32_t tag;        /* FourCC */
    uint32_t index;      /* position in the chunk table */
    size_t offset;       /* byte offset of the chunk's data (after its 8-byte header) in the blob */
    uint32_t size;       /* bytes of data */
    const uint8_t *data; /* points into the blob; may be unaligned */
};

/* Checks the header, the checksum (per flags) and the chunk table: every chunk header and its
 * data lie inside the blob, after the offset table, and no two chunks overlap.  Afterwards
 * dxbc_container_chunk() and dxbc_container_find() cannot fail on bounds. */
int dxbc_container_open(struct dxbc_container *c, const void *data, size_t size, unsigned flags,
                        struct dxbc_error *err);
/* Chunk number index (0 <= index < chunk_count): returns 0, or DXBC_E_INVALID_ARG. */
int dxbc_container_chunk(const struct dxbc_container *c, uint32_t index, struct dxbc_chunk *out);
/* First chunk with this tag: returns true and fills *out, or false. */
bool dxbc_container_find(const struct dxbc_container *c, uint32_t tag, struct dxbc_chunk *out);

/* ---- checksum (dxbc_checksum.c) --------------------------------------------------------- */

/* The 16 checksum bytes of a blob, as they are stored at offset 4.  Hashes bytes [20, size);
 * returns DXBC_E_TRUNCATED (and leaves out untouched) when size < 20. */
int dxbc_compute_checksum(const void *blob, size_t size, uint8_t out[16]);
/* Computes the checksum and writes it at offset 4.  Same return values. */
int dxbc_sign(void *blob, size_t size);
/* Plain RFC 1321 MD5, which the checksum is built on (exposed for its known-answer tests). */
void dxbc_md5(const void *data, size_t size, uint8_t out[16]);

/* ---- decoded shader information ----------------------------------------------------------- */

/* Program types, as in the SM4/5 version token (D3D10_SB_TOKENIZED_PROGRAM_TYPE values). */
enum dxbc_program_type {
    DXBC_PROGRAM_PIXEL = 0,
    DXBC_PROGRAM_VERTEX = 1,
    DXBC_PROGRAM_GEOMETRY = 2,
    DXBC_PROGRAM_HULL = 3,
    DXBC_PROGRAM_DOMAIN = 4,
    DXBC_PROGRAM_COMPUTE = 5,
    DXBC_PROGRAM_UNKNOWN = -1,
};

struct dxbc_signature_element {
    const char *semantic_name; /* owned by the dxbc_shader_info */
    uint32_t semantic_index;
    uint32_t system_value;     /* D3D_NAME */
    uint32_t component_type;   /* D3D_REGISTER_COMPONENT_TYPE */
    uint32_t register_index;
    uint8_t mask;              /* components the element occupies */
    uint8_t rw_mask;           /* inputs: components the program reads; outputs: components it
                                * NEVER writes (fxc's convention) */
    uint32_t stream;           /* OSG5/ISG1/OSG1/PSG1 only, else 0 */
    uint32_t min_precision;    /* ISG1/OSG1/PSG1 only (D3D_MIN_PRECISION), else 0 */
};

struct dxbc_signature {
    bool present;
    uint32_t tag;              /* which chunk it came from (ISGN, ISG1, ...) */
    uint32_t count;
    struct dxbc_signature_element *elements; /* owned: one allocation with the names */
};

struct dxbc_rdef_cbuffer {
    const char *name;
    uint32_t variable_count;
    uint32_t size;             /* bytes */
    uint32_t flags;            /* D3D_SHADER_CBUFFER_FLAGS */
    uint32_t type;             /* D3D_CBUFFER_TYPE */
};

struct dxbc_rdef_binding {
    const char *name;
    uint32_t type;             /* D3D_SHADER_INPUT_TYPE */
    uint32_t return_type;      /* D3D_RESOURCE_RETURN_TYPE */
    uint32_t dimension;        /* D3D_SRV_DIMENSION */
    uint32_t sample_count;
    uint32_t bind_point;
    uint32_t bind_count;
    uint32_t flags;            /* D3D_SHADER_INPUT_FLAGS */
    uint32_t space, id;        /* SM5.1 only, else 0 */
};

struct dxbc_rdef {
    bool present;
    uint32_t target_token;     /* raw: minor | major << 8 | type << 16 (0xfffe vs, 0xffff ps,
                                * 'GS' 0x4753, 'HS' 0x4853, 'DS' 0x4453, 'CS' 0x4353) */
    enum dxbc_program_type target_type;
    uint32_t target_major, target_minor;
    uint32_t compile_flags;
    const char *creator;       /* "" when absent */
    uint32_t cbuffer_count;
    struct dxbc_rdef_cbuffer *cbuffers;
    uint32_t binding_count;
    struct dxbc_rdef_binding *bindings;
    void *storage;             /* the one allocation behind the arrays and strings */
};

/* The lowest feature level that can run a level-9 program (see the Aon9 notes in dxbc.c). */
enum dxbc_level9_target {
    DXBC_LEVEL9_NONE = 0,
    DXBC_LEVEL9_1 = 1,         /* vs_2_0 / ps_2_0: profiles 4_0_level_9_0 and _9_1; FL 9_1+ */
    DXBC_LEVEL9_3 = 3,         /* vs_2_x / ps_2_x: profile 4_0_level_9_3; FL 9_3 only */
};

struct dxbc_shader_info {
    /* SHDR or SHEX */
    bool has_program;
    uint32_t program_tag;
    enum dxbc_program_type program_type;
    uint32_t major, minor;
    uint32_t program_token_count; /* declared length in 32-bit tokens, version token included */
    size_t program_offset;     /* byte offset of the version token in the blob */

    /* Aon9 */
    bool has_level9;
    uint32_t level9_version_token;  /* the embedded SM2 program's version token, e.g.
                                     * 0xfffe0200 vs_2_0, 0xffff0201 ps_2_x */
    uint32_t level9_header_token;   /* the copy in the Aon9 header (fxc: the same value) */
    enum dxbc_level9_target level9_target;
    uint32_t level9_program_size;   /* bytes */
    size_t level9_program_offset;   /* byte offset of the SM2 program in the blob */

    struct dxbc_signature input, output, patch_constant;
    struct dxbc_rdef rdef;

    bool has_stat;
    uint32_t stat_instruction_count;

    uint32_t chunk_count;
};

/* Checks the container and decodes the chunks above into *out, which owns everything it points
 * to (release with dxbc_info_free; the blob need not outlive it).  Returns 0, or a negative
 * dxbc_result with *out zeroed and *err filled.  A blob without a program chunk (e.g. an effect)
 * parses; has_program tells.  Of two chunks of the same kind the first counts; a signature with
 * min precision (ISG1...) is preferred over the plain one. */
int dxbc_parse(const void *data, size_t size, unsigned flags, struct dxbc_shader_info *out,
               struct dxbc_error *err);
/* Frees what dxbc_parse allocated and zeroes *info.  Safe on a zeroed or already-freed info. */
void dxbc_info_free(struct dxbc_shader_info *info);

/* Finds a signature element by semantic (case-insensitive, as D3D matches semantics). */
const struct dxbc_signature_element *dxbc_signature_find(const struct dxbc_signature *sig,
                                                         const char *semantic_name,
                                                         uint32_t semantic_index);

#endif /* SOFTD3D_SHADER_DXBC_H */
