/* src/shader/tpf.h — decoder of SM4/SM5 token streams (the SHDR/SHEX chunk of a DXBC blob,
 * "tokenized program format") into the validated IR of ir.h.
 *
 * What is decoded: vertex and pixel programs of shader models 4.0, 4.1 and 5.0 (the
 * *_4_0_level_9_x profiles are 4.0 programs): every declaration and instruction of vs_4_0 /
 * ps_4_0 / 4.1, and of 5.0 the derivative, gather, bit-manipulation and tiled-resource
 * (sampling with status / LOD clamp, check_access_fully_mapped) instructions.  Refused with
 * TPF_E_UNSUPPORTED: geometry/hull/domain/compute programs and their opcodes, UAVs, raw and
 * structured buffers, doubles, class linkage, eval_*, 64-bit indices, nested relative
 * addressing, SM 5.1.  See tpf.c for the token format.
 *
 * Every error message reads "tpf: <what> at offset 0x<n>", n being the byte offset from the
 * start of the token stream (tpf_decode) or of the DXBC blob (tpf_decode_blob).
 */
#ifndef SOFTD3D_SHADER_TPF_H
#define SOFTD3D_SHADER_TPF_H

#include <stddef.h>
#include <stdint.h>

#include "shader/ir.h"
#include "shader/tpf_table.h"

enum tpf_result {
    TPF_OK = 0,
    TPF_E_INVALID_ARG = -1,     /* NULL pointer from the caller */
    TPF_E_TRUNCATED = -2,       /* the stream, or an instruction, ends too early */
    TPF_E_BAD_HEADER = -3,      /* version or length token */
    TPF_E_UNKNOWN_OPCODE = -4,  /* an opcode the format does not define */
    TPF_E_UNSUPPORTED = -5,     /* defined, but not something softd3d runs (see above) */
    TPF_E_BAD_INSTRUCTION = -6, /* instruction length, extended opcode or control bits */
    TPF_E_BAD_OPERAND = -7,     /* operand token: type, component selection, index form */
    TPF_E_BAD_DECLARATION = -8, /* declaration contents or placement */
    TPF_E_INVALID_PROGRAM = -9, /* decoded, but ir_validate refused it */
    TPF_E_NOMEM = -10,
    TPF_E_CONTAINER = -11,      /* tpf_decode_blob: the DXBC container, or no SHDR/SHEX chunk */
};

/* Filled on failure (when non-NULL); cleared on success. */
struct tpf_error {
    int code;                   /* the negative return value */
    size_t offset;              /* byte offset the message is about */
    char message[200];          /* NUL-terminated */
};

/* Decodes size bytes of tokens (the SHDR/SHEX chunk data: version token, length token,
 * program) into *out and validates it.  Returns 0 with *out owning a valid program (free with
 * ir_program_free), or a negative tpf_result with *out zeroed and *err filled.  Bytes after the
 * length the length token gives are ignored.  The input need not be aligned.  This is also the
 * entry point the decode benchmark times. */
int tpf_decode(const void *tokens, size_t size, struct ir_program *out, struct tpf_error *err);

/* The same from a whole DXBC blob: opens the container (dxbc_flags: enum dxbc_parse_flags),
 * takes its SHDR or SHEX chunk and decodes it; offsets in messages count from the blob. */
int tpf_decode_blob(const void *blob, size_t size, unsigned dxbc_flags, struct ir_program *out,
                    struct tpf_error *err);

/* The opcode table and the other tables of the format: tpf_table.h (included above). */

#endif /* SOFTD3D_SHADER_TPF_H */
