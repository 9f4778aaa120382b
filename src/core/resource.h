/* src/core/resource.h — API-neutral resource storage: the memory behind every buffer and texture
 * of both front-ends (DESIGN.md, "Formats and memory"; principle 4: no D3D type here).
 *
 * A resource is a buffer or a 1D/2D/3D texture with `mip_levels` mips and `array_size` slices
 * (a cube is a 2D array of 6 slices per cube with CORE_RES_CUBE set).  Its data lives in ONE
 * 16-byte-aligned, zero-filled allocation, split into subresources ordered as Direct3D numbers
 * them: index = mip + slice * mip_levels (all mips of slice 0, then all mips of slice 1...).
 *
 * Each subresource is stored tightly: rows of blocks (core_format_row_pitch bytes, no padding
 * between rows), slices of rows (depth_pitch = row_pitch * rows), and starts at a 16-byte
 * aligned offset.  A buffer is one subresource of `width` bytes (format 0).
 *
 * All size arithmetic is overflow-checked: a description whose byte size does not fit in size_t
 * (or exceeds the caller's cap) is CORE_RES_OUT_OF_MEMORY, never a wrapped, too-small block.
 * Dimension rules of an API (maximum sizes, power-of-two rules...) are the front-end's business;
 * core only refuses what it cannot lay out (zero sizes, unknown or planar formats, more mips
 * than the chain has): CORE_RES_INVALID.
 */
#ifndef SOFTD3D_CORE_RESOURCE_H
#define SOFTD3D_CORE_RESOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/format.h"

typedef enum core_resource_dim {
    CORE_RES_BUFFER,
    CORE_RES_TEX1D,
    CORE_RES_TEX2D,
    CORE_RES_TEX3D,
} core_resource_dim;

/* core_resource_desc.flags */
#define CORE_RES_CUBE 0x1u   /* a 2D array whose slices are cube faces (array_size % 6 == 0) */

typedef enum core_res_status {
    CORE_RES_OK,
    CORE_RES_INVALID,         /* the description cannot be laid out */
    CORE_RES_OUT_OF_MEMORY,   /* too large (size_t overflow or over the cap), or malloc failed */
} core_res_status;

typedef struct core_resource_desc {
    core_resource_dim dim;
    uint32_t flags;              /* CORE_RES_* */
    core_format format;          /* 0 for buffers */
    uint32_t width;              /* bytes for a buffer, texels otherwise */
    uint32_t height, depth;      /* 1 where the dimension has none */
    uint32_t mip_levels;         /* >= 1 (front-ends resolve "full chain" first) */
    uint32_t array_size;         /* >= 1; 1 for buffers and 3D textures */
    uint32_t samples;            /* 2D only, 2..32 = multisampled (one mip level, no cube): each
                                  * subresource holds `samples` planes of depth_pitch bytes,
                                  * sample s at offset + s * depth_pitch, each laid out like a
                                  * one-sample subresource; 0 or 1 = one sample */
} core_resource_desc;

typedef struct core_subresource {
    size_t offset;               /* from core_resource.data; a multiple of 16 */
    size_t row_pitch;            /* bytes from one row of blocks to the next */
    size_t depth_pitch;          /* bytes from one 2D slice to the next */
    size_t size;                 /* depth_pitch * depth (multisampled: depth_pitch * samples) */
    uint32_t width, height, depth;   /* texels of this mip level */
    uint32_t rows;               /* rows of blocks in one slice */
} core_subresource;

typedef struct core_resource {
    core_resource_desc desc;
    uint32_t subresource_count;  /* mip_levels * array_size */
    core_subresource *sub;       /* subresource_count entries, in the same allocation */
    unsigned char *data;         /* size bytes, 16-byte aligned, zero-filled at creation */
    size_t size;
} core_resource;

/* The data bytes (core_resource.size) of every resource of the process alive now, whichever API
 * made it: the memory IDXGIAdapter3::QueryVideoMemoryInfo reports as in use. */
uint64_t core_resource_bytes_in_use(void);

/* Length of the full mip chain of a w x h x d texture: floor(log2(max(w, h, d))) + 1. */
uint32_t core_mip_chain_length(uint32_t width, uint32_t height, uint32_t depth);

/* Texel size of mip level `mip` of a dimension of `size` texels: max(1, size >> mip). */
static inline uint32_t core_mip_size(uint32_t size, uint32_t mip)
{
    return mip >= 32 ? 1u : (size >> mip ? size >> mip : 1u);
}

/* Bytes the data of `desc` needs (subresources laid out as above), without allocating.
 * CORE_RES_OUT_OF_MEMORY when it does not fit in size_t. */
core_res_status core_resource_data_size(const core_resource_desc *desc, size_t *size);

/* Creates the storage: one allocation holding the header, the subresource table and the data.
 * `max_bytes` caps the data size (0: no cap beyond size_t); above it, CORE_RES_OUT_OF_MEMORY.
 * *out is NULL on failure. */
core_res_status core_resource_create(const core_resource_desc *desc, size_t max_bytes,
                                     core_resource **out);
void core_resource_destroy(core_resource *res);

static inline unsigned char *core_resource_sub_data(const core_resource *res, uint32_t index)
{
    return res->data + res->sub[index].offset;
}

/* Copies one subresource's content from application memory laid out with src_row_pitch bytes
 * between rows of blocks and src_depth_pitch bytes between slices (either may exceed the
 * subresource's own pitches; they are only read for as many rows/slices as the mip has).
 * The caller has validated the pitches (a row pitch below row_pitch is not refused here). */
void core_resource_write_sub(core_resource *res, uint32_t index, const void *src,
                             size_t src_row_pitch, size_t src_depth_pitch);

#endif
