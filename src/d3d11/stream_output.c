/* src/d3d11/stream_output.c — the stream-output declaration of
 * CreateGeometryShaderWithStreamOutput, validated and resolved against the output signature
 * (d3d11_shader.h, d3d11_validate_so).
 *
 * RULES (each refusal E_INVALIDARG with one message line; the reference pages of
 * CreateGeometryShaderWithStreamOutput and D3D11_SO_DECLARATION_ENTRY, and the D3D10 page for
 * what 10_x keeps):
 *  - pSODeclaration cannot be NULL when NumEntries > 0; NumEntries at most
 *    D3D11_SO_STREAM_COUNT * D3D11_SO_OUTPUT_COMPONENT_COUNT (512), at 10_x 64 (the D3D10
 *    maximum);
 *  - NumStrides at most D3D11_SO_BUFFER_SLOT_COUNT (4), pBufferStrides not NULL when it is > 0;
 *    a stride a multiple of 4 (whole dwords) and at most D3D11_SO_BUFFER_MAX_STRIDE_IN_BYTES
 *    (2048);
 *  - RasterizedStream 0..3 or D3D11_SO_NO_RASTERIZED_STREAM; at 10_x only stream 0 exists, so
 *    it is 0 and every entry's Stream is 0 (several streams are 11_0's: gs_5_0);
 *  - an entry's element is looked up among its Stream's signature elements (OSG5 gives each
 *    its stream; a stream numbers its registers from o0); an output slot takes the entries of
 *    one stream only (the spec, 14: a buffer is bound to one stream's output);
 *  - OutputSlot 0..3 and below NumStrides (the slot needs its stride);
 *  - an entry with a SemanticName names an element of the output signature (name and index,
 *    case-insensitive), StartComponent 0..3, ComponentCount 1..4, StartComponent +
 *    ComponentCount <= 4, inside the element's components; an entry without one is a gap of
 *    ComponentCount dwords (which may exceed 4);
 *  - the components a slot receives fit its stride;
 *  - 10_x (D3D10): with more than one output slot in use, each slot holds exactly one entry.
 * StartComponent counts from the element's first component.
 */
#include "d3d11/d3d11_shader.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "shader/ir.h"

static HRESULT so_refuse(char *msg, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static HRESULT so_refuse(char *msg, size_t size, const char *fmt, ...)
{
    int n = snprintf(msg, size, "CreateGeometryShaderWithStreamOutput: ");
    va_list ap;
    va_start(ap, fmt);
    if (n > 0 && (size_t)n < size)
        vsnprintf(msg + n, size - (size_t)n, fmt, ap);
    va_end(ap);
    return E_INVALIDARG;
}

/* The element of `stream` named name + index (case-insensitive, as dxbc_signature_find). */
static const struct dxbc_signature_element *so_find(const struct dxbc_signature *out,
                                                    const char *name, UINT index, UINT stream)
{
    for (uint32_t i = 0; out && i < out->count; i++) {
        const struct dxbc_signature_element *e = &out->elements[i];
        if (e->stream == stream && e->semantic_index == index &&
            !strcasecmp(e->semantic_name, name))
            return e;
    }
    return NULL;
}

HRESULT d3d11_validate_so(D3D_FEATURE_LEVEL level, const struct dxbc_signature *out,
                          const D3D11_SO_DECLARATION_ENTRY *decl, UINT count,
                          const UINT *strides, UINT nstrides, UINT rasterized,
                          struct d3d11_so_layout *layout, char *msg, size_t size)
{
    const bool l10 = level < D3D_FEATURE_LEVEL_11_0;
    const UINT max_entries = l10 ? 64u : D3D11_SO_STREAM_COUNT * D3D11_SO_OUTPUT_COMPONENT_COUNT;
    UINT used[D3D11_SO_BUFFER_SLOT_COUNT] = { 0, 0, 0, 0 };     /* dwords a vertex */
    UINT entries[D3D11_SO_BUFFER_SLOT_COUNT] = { 0, 0, 0, 0 };
    UINT slot_stream[D3D11_SO_BUFFER_SLOT_COUNT] = { 0, 0, 0, 0 };

    memset(layout, 0, sizeof(*layout));
    if (count && !decl)
        return so_refuse(msg, size, "pSODeclaration is NULL with NumEntries %u", count);
    if (count > max_entries)
        return so_refuse(msg, size, "NumEntries %u exceeds %u at feature level %s", count,
                         max_entries, d3d11_level_name(level));
    if (nstrides > D3D11_SO_BUFFER_SLOT_COUNT)
        return so_refuse(msg, size, "NumStrides %u exceeds the %u stream-output slots", nstrides,
                         D3D11_SO_BUFFER_SLOT_COUNT);
    if (nstrides && !strides)
        return so_refuse(msg, size, "pBufferStrides is NULL with NumStrides %u", nstrides);
    for (UINT i = 0; i < nstrides; i++) {
        if (strides[i] % 4 || strides[i] > D3D11_SO_BUFFER_MAX_STRIDE_IN_BYTES)
            return so_refuse(msg, size, "pBufferStrides[%u] = %u is not a multiple of 4 up to %u",
                             i, strides[i], D3D11_SO_BUFFER_MAX_STRIDE_IN_BYTES);
        layout->strides[i] = strides[i];
    }
    if (rasterized != D3D11_SO_NO_RASTERIZED_STREAM && rasterized >= D3D11_SO_STREAM_COUNT)
        return so_refuse(msg, size, "RasterizedStream %u is neither 0..3 nor "
                         "D3D11_SO_NO_RASTERIZED_STREAM", rasterized);
    if (l10 && rasterized != 0)
        return so_refuse(msg, size, "RasterizedStream %u: feature level %s has only stream 0, "
                         "which is rasterized", rasterized, d3d11_level_name(level));
    layout->rasterize = rasterized != D3D11_SO_NO_RASTERIZED_STREAM;
    layout->raster_stream = layout->rasterize ? rasterized : 0;
    for (UINT i = 0; i < count; i++) {
        const D3D11_SO_DECLARATION_ENTRY *e = &decl[i];
        struct d3d11_so_entry *le = &layout->entries[i];
        if (e->Stream >= (l10 ? 1u : D3D11_SO_STREAM_COUNT))
            return so_refuse(msg, size, "pSODeclaration[%u].Stream %u: feature level %s has "
                             "%s", i, e->Stream, d3d11_level_name(level),
                             l10 ? "only stream 0" : "streams 0..3");
        if (e->OutputSlot >= D3D11_SO_BUFFER_SLOT_COUNT || e->OutputSlot >= nstrides)
            return so_refuse(msg, size, "pSODeclaration[%u].OutputSlot %u has no stride "
                             "(NumStrides %u, slots 0..3)", i, e->OutputSlot, nstrides);
        if (entries[e->OutputSlot] && slot_stream[e->OutputSlot] != e->Stream)
            return so_refuse(msg, size, "pSODeclaration[%u]: OutputSlot %u takes stream %u "
                             "and Stream %u (a slot takes one stream)", i, e->OutputSlot,
                             slot_stream[e->OutputSlot], e->Stream);
        slot_stream[e->OutputSlot] = e->Stream;
        le->slot = e->OutputSlot;
        le->stream = e->Stream;
        le->count = e->ComponentCount;
        if (!e->SemanticName) {
            if (!e->ComponentCount)
                return so_refuse(msg, size, "pSODeclaration[%u]: a gap of 0 components", i);
            le->gap = true;
        } else {
            if (e->StartComponent > 3 || e->ComponentCount < 1 || e->ComponentCount > 4 ||
                e->StartComponent + e->ComponentCount > 4)
                return so_refuse(msg, size, "pSODeclaration[%u]: StartComponent %u and "
                                 "ComponentCount %u leave components 0..3", i,
                                 e->StartComponent, e->ComponentCount);
            const struct dxbc_signature_element *se =
                so_find(out, e->SemanticName, e->SemanticIndex, e->Stream);
            if (!se || se->register_index >= IR_MAX_OUTPUTS)
                return so_refuse(msg, size, "pSODeclaration[%u]: %s%u is not in the output "
                                 "signature of stream %u", i, e->SemanticName,
                                 e->SemanticIndex, e->Stream);
            unsigned first = se->mask ? (unsigned)__builtin_ctz(se->mask) : 0;
            unsigned comp = first + e->StartComponent;
            unsigned want = ((1u << e->ComponentCount) - 1u) << comp;
            if (comp + e->ComponentCount > 4 || (want & ~(unsigned)se->mask))
                return so_refuse(msg, size, "pSODeclaration[%u]: components %u..%u are not all "
                                 "in %s%u (mask 0x%x)", i, e->StartComponent,
                                 e->StartComponent + e->ComponentCount - 1u, e->SemanticName,
                                 e->SemanticIndex, se->mask);
            le->reg = se->register_index;
            le->comp = comp;
        }
        used[e->OutputSlot] += e->ComponentCount;
        entries[e->OutputSlot]++;
        if (4u * used[e->OutputSlot] > layout->strides[e->OutputSlot])
            return so_refuse(msg, size, "slot %u receives %u bytes a vertex, more than its "
                             "stride %u", e->OutputSlot, 4u * used[e->OutputSlot],
                             layout->strides[e->OutputSlot]);
    }
    unsigned slots = 0;
    for (UINT s = 0; s < D3D11_SO_BUFFER_SLOT_COUNT; s++)
        slots += entries[s] != 0;
    for (UINT s = 0; l10 && slots > 1 && s < D3D11_SO_BUFFER_SLOT_COUNT; s++)
        if (entries[s] > 1)
            return so_refuse(msg, size, "slot %u holds %u entries; with several slots feature "
                             "level %s allows one entry a slot", s, entries[s],
                             d3d11_level_name(level));
    layout->count = count;
    return S_OK;
}
