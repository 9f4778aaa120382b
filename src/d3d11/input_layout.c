/* src/d3d11/input_layout.c — ID3D11Device::CreateInputLayout and the ID3D11InputLayout object.
 *
 * The object keeps the element descriptions (with its own copies of the semantic names), each
 * element's resolved byte offset and size, and the vertex shader input register the signature
 * gives it (d3d11_shader.h); the input assembler reads them from there.
 *
 * RULES (each refusal: E_INVALIDARG, out-pointer NULL, nothing created, one message line).
 * General, from the ID3D11Device::CreateInputLayout and D3D11_INPUT_ELEMENT_DESC reference pages
 * and the runtime's documented CREATEINPUTLAYOUT_* diagnostics (d3d11sdklayers.h D3D11_MESSAGE_ID:
 * NULLDESC, TOOMANYELEMENTS, NULLSEMANTIC, INVALIDFORMAT, INVALIDSLOT, INVALIDINPUTSLOTCLASS,
 * STEPRATESLOTCLASSMISMATCH, INVALIDSLOTCLASSCHANGE, INVALIDSTEPRATECHANGE, INVALIDALIGNMENT,
 * DUPLICATESEMANTIC, UNPARSEABLEINPUTSIGNATURE, MISSINGELEMENT):
 *  - pInputElementDescs non-NULL when NumElements > 0; NumElements at most the level's element
 *    count: D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT (32) from 11_0, 16 below (the D3D10
 *    constant; and a 9_x vertex shader, vs_2_0/vs_2_x, has 16 input registers v0-v15).
 *    NumElements 0 is accepted (decision: the runtime lists CREATEINPUTLAYOUT_EMPTY_LAYOUT next to
 *    the warning TYPE_MISMATCH as a diagnostic, not a refusal; a shader that reads an input is
 *    still refused below, by the signature check).
 *  - SemanticName non-NULL; no two elements with the same semantic name (case-insensitive, as
 *    HLSL semantics are) and index.
 *  - Format: supported for D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER at the level (format_support.h,
 *    from "Format support for Direct3D feature level 9_x hardware").
 *  - InputSlot below the slot count: "valid values are between 0 and 15" (D3D11_INPUT_ELEMENT_DESC
 *    page) below 11_0, D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT (32) from 11_0.
 *  - InputSlotClass PER_VERTEX_DATA or PER_INSTANCE_DATA; InstanceDataStepRate 0 for per-vertex
 *    data; all elements of one slot share their class and step rate.
 *  - AlignedByteOffset: D3D11_APPEND_ALIGNED_ELEMENT places the element right after the previous
 *    element of the same slot, aligned; an explicit offset must be aligned.  Alignment (decision,
 *    after the functional spec's input-assembler data-alignment rule): the format's component size,
 *    at most 4 bytes (packed formats: their whole size, at most 4).  The element must end within
 *    D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES (2048), the largest vertex a slot can have.
 *  - The bytecode must be a well-formed, signed DXBC container with an input signature, and every
 *    signature element the shader reads (read mask non-zero; system values such as SV_VertexID
 *    excluded: the input assembler generates those) needs a layout element with the same semantic
 *    name and index.  A component type that differs (a UINT format for a float input...) is only
 *    a warning, as the reference page says ("the warning is simply to call attention to the fact
 *    that the data may be reinterpreted"): the layout is created and the line says so.
 * seed 004, CreateInputLayout rows:
 *  - 9_1, 9_2: D3D11_INPUT_PER_INSTANCE_DATA not supported.
 *  - 9_3: if any stream has per-vertex data, vertex stream 0 must have per-vertex data.
 *    Decision: the row restricts instancing (it is the 9_3 answer to 9_1/9_2's "no instancing"),
 *    so it applies to layouts that mix per-vertex and per-instance elements: slot 0 must then hold
 *    per-vertex elements.  A layout of per-vertex elements only is accepted whatever its slots,
 *    as at 9_1 and 9_2; one of per-instance elements only has no per-vertex stream to misplace.
 *  - 9_3 also: per-instance InstanceDataStepRate must be 1 (D3D9 instancing advances instance
 *    data once per instance; the runtime's CREATEINPUTLAYOUT_LEVEL9_STEPRATE_NOT_1).
 */
#include "d3d11/d3d11_shader.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11/device_child.h"
#include "d3d11/format_support.h"
#include "util/log.h"

static void set_msg(char *msg, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void set_msg(char *msg, size_t size, const char *fmt, ...)
{
    va_list ap;
    if (!msg || !size)
        return;
    va_start(ap, fmt);
    vsnprintf(msg, size, fmt, ap);
    va_end(ap);
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

/* ---- vertex formats ---------------------------------------------------------------------------
 * Every format the input assembler can read at some level: its size, the alignment of an element
 * of that format, and the register component type it delivers (UNORM, SNORM and FLOAT arrive as
 * float; D3D_REGISTER_COMPONENT_TYPE values). */
enum { IA_FLOAT = D3D_REGISTER_COMPONENT_FLOAT32, IA_UINT = D3D_REGISTER_COMPONENT_UINT32,
       IA_SINT = D3D_REGISTER_COMPONENT_SINT32 };

static const struct ia_format {
    DXGI_FORMAT format;
    uint8_t size, align, kind;
} ia_formats[] = {
    {DXGI_FORMAT_R32G32B32A32_FLOAT, 16, 4, IA_FLOAT},
    {DXGI_FORMAT_R32G32B32A32_UINT, 16, 4, IA_UINT},
    {DXGI_FORMAT_R32G32B32A32_SINT, 16, 4, IA_SINT},
    {DXGI_FORMAT_R32G32B32_FLOAT, 12, 4, IA_FLOAT},
    {DXGI_FORMAT_R32G32B32_UINT, 12, 4, IA_UINT},
    {DXGI_FORMAT_R32G32B32_SINT, 12, 4, IA_SINT},
    {DXGI_FORMAT_R16G16B16A16_FLOAT, 8, 2, IA_FLOAT},
    {DXGI_FORMAT_R16G16B16A16_UNORM, 8, 2, IA_FLOAT},
    {DXGI_FORMAT_R16G16B16A16_UINT, 8, 2, IA_UINT},
    {DXGI_FORMAT_R16G16B16A16_SNORM, 8, 2, IA_FLOAT},
    {DXGI_FORMAT_R16G16B16A16_SINT, 8, 2, IA_SINT},
    {DXGI_FORMAT_R32G32_FLOAT, 8, 4, IA_FLOAT},
    {DXGI_FORMAT_R32G32_UINT, 8, 4, IA_UINT},
    {DXGI_FORMAT_R32G32_SINT, 8, 4, IA_SINT},
    {DXGI_FORMAT_R10G10B10A2_UNORM, 4, 4, IA_FLOAT},
    {DXGI_FORMAT_R10G10B10A2_UINT, 4, 4, IA_UINT},
    {DXGI_FORMAT_R11G11B10_FLOAT, 4, 4, IA_FLOAT},
    {DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1, IA_FLOAT},
    {DXGI_FORMAT_R8G8B8A8_UINT, 4, 1, IA_UINT},
    {DXGI_FORMAT_R8G8B8A8_SNORM, 4, 1, IA_FLOAT},
    {DXGI_FORMAT_R8G8B8A8_SINT, 4, 1, IA_SINT},
    {DXGI_FORMAT_R16G16_FLOAT, 4, 2, IA_FLOAT},
    {DXGI_FORMAT_R16G16_UNORM, 4, 2, IA_FLOAT},
    {DXGI_FORMAT_R16G16_UINT, 4, 2, IA_UINT},
    {DXGI_FORMAT_R16G16_SNORM, 4, 2, IA_FLOAT},
    {DXGI_FORMAT_R16G16_SINT, 4, 2, IA_SINT},
    {DXGI_FORMAT_R32_FLOAT, 4, 4, IA_FLOAT},
    {DXGI_FORMAT_R32_UINT, 4, 4, IA_UINT},
    {DXGI_FORMAT_R32_SINT, 4, 4, IA_SINT},
    {DXGI_FORMAT_R8G8_UNORM, 2, 1, IA_FLOAT},
    {DXGI_FORMAT_R8G8_UINT, 2, 1, IA_UINT},
    {DXGI_FORMAT_R8G8_SNORM, 2, 1, IA_FLOAT},
    {DXGI_FORMAT_R8G8_SINT, 2, 1, IA_SINT},
    {DXGI_FORMAT_R16_FLOAT, 2, 2, IA_FLOAT},
    {DXGI_FORMAT_R16_UNORM, 2, 2, IA_FLOAT},
    {DXGI_FORMAT_R16_UINT, 2, 2, IA_UINT},
    {DXGI_FORMAT_R16_SNORM, 2, 2, IA_FLOAT},
    {DXGI_FORMAT_R16_SINT, 2, 2, IA_SINT},
    {DXGI_FORMAT_R8_UNORM, 1, 1, IA_FLOAT},
    {DXGI_FORMAT_R8_UINT, 1, 1, IA_UINT},
    {DXGI_FORMAT_R8_SNORM, 1, 1, IA_FLOAT},
    {DXGI_FORMAT_R8_SINT, 1, 1, IA_SINT},
    {DXGI_FORMAT_B5G6R5_UNORM, 2, 2, IA_FLOAT},
    {DXGI_FORMAT_B5G5R5A1_UNORM, 2, 2, IA_FLOAT},
    {DXGI_FORMAT_B8G8R8A8_UNORM, 4, 1, IA_FLOAT},
    {DXGI_FORMAT_B8G8R8X8_UNORM, 4, 1, IA_FLOAT},
    {DXGI_FORMAT_B4G4R4A4_UNORM, 2, 2, IA_FLOAT},
};

static const struct ia_format *ia_format(DXGI_FORMAT f)
{
    for (size_t i = 0; i < sizeof(ia_formats) / sizeof(ia_formats[0]); i++)
        if (ia_formats[i].format == f)
            return &ia_formats[i];
    return NULL;
}

static const char *kind_name(uint32_t kind)
{
    switch (kind) {
    case IA_FLOAT: return "float";
    case IA_UINT: return "uint";
    case IA_SINT: return "int";
    default: return "unknown";
    }
}

/* ---- limits per level ------------------------------------------------------------------------ */

static UINT max_elements(D3D_FEATURE_LEVEL level)
{
    return level >= D3D_FEATURE_LEVEL_11_0 ? D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT : 16;
}

static UINT slot_count(D3D_FEATURE_LEVEL level)
{
    return level >= D3D_FEATURE_LEVEL_11_0 ? D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT : 16;
}

/* seed 004, CreateInputLayout: which levels refuse instancing altogether, and which restrict it
 * (slot 0 per-vertex when mixed, step rate 1). */
static const struct instancing_rule {
    D3D_FEATURE_LEVEL level;
    bool per_instance_allowed;
    bool slot0_per_vertex;   /* mixed layouts: slot 0 must be per-vertex */
    bool step_rate_one;      /* per-instance InstanceDataStepRate must be 1 */
} instancing_rules[] = {
    {D3D_FEATURE_LEVEL_9_1, false, false, false},
    {D3D_FEATURE_LEVEL_9_2, false, false, false},
    {D3D_FEATURE_LEVEL_9_3, true, true, true},
};

static struct instancing_rule instancing_rule(D3D_FEATURE_LEVEL level)
{
    for (size_t i = 0; i < sizeof(instancing_rules) / sizeof(instancing_rules[0]); i++)
        if (instancing_rules[i].level == level)
            return instancing_rules[i];
    return (struct instancing_rule){level, true, false, false}; /* 10_0+: unrestricted */
}

/* ---- validation ------------------------------------------------------------------------------ */

#define IL "CreateInputLayout"

HRESULT d3d11_validate_input_layout(D3D_FEATURE_LEVEL level, const D3D11_INPUT_ELEMENT_DESC *descs,
                                    UINT count, const void *bytecode, SIZE_T size,
                                    struct d3d11_input_element *out, char *msg, size_t msg_size)
{
    const char *lname = d3d11_level_name(level);
    const struct instancing_rule irule = instancing_rule(level);
    const UINT nslots = slot_count(level);
    struct slot_state {
        bool used;
        D3D11_INPUT_CLASSIFICATION cls;
        UINT step;
        UINT first;     /* element that set the class and step */
        uint64_t end;   /* where APPEND_ALIGNED continues */
    } slots[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
    struct d3d11_input_element local[D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT];
    bool any_vertex = false, any_instance = false;

    set_msg(msg, msg_size, "%s", "");
    memset(slots, 0, sizeof(slots));
    if (count && !descs) {
        set_msg(msg, msg_size, IL ": pInputElementDescs is NULL with NumElements %u", count);
        return E_INVALIDARG;
    }
    if (count > max_elements(level)) {
        set_msg(msg, msg_size, IL ": NumElements %u exceeds %u at feature level %s", count,
                max_elements(level), lname);
        return E_INVALIDARG;
    }
    if (!bytecode) {
        set_msg(msg, msg_size, IL ": pShaderBytecodeWithInputSignature is NULL");
        return E_INVALIDARG;
    }
    if (!size) {
        set_msg(msg, msg_size, IL ": BytecodeLength is 0");
        return E_INVALIDARG;
    }

    for (UINT i = 0; i < count; i++) {
        const D3D11_INPUT_ELEMENT_DESC *d = &descs[i];
        struct d3d11_input_element *e = &local[i];

        if (!d->SemanticName) {
            set_msg(msg, msg_size, IL ": element %u: SemanticName is NULL", i);
            return E_INVALIDARG;
        }
        const char *sem = d->SemanticName;
        UINT sidx = d->SemanticIndex;
        for (UINT j = 0; j < i; j++) {
            if (descs[j].SemanticIndex == sidx && !ascii_casecmp(descs[j].SemanticName, sem)) {
                set_msg(msg, msg_size, IL ": element %u (%s%u) repeats the semantic of element %u",
                        i, sem, sidx, j);
                return E_INVALIDARG;
            }
        }
        const struct ia_format *f = ia_format(d->Format);
        if (!f || !(d3d11_format_support_bits(level, d->Format) & D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER)) {
            set_msg(msg, msg_size,
                    IL ": element %u (%s%u): DXGI_FORMAT_%s is not a vertex buffer format at "
                    "feature level %s", i, sem, sidx, d3d11_format_name(d->Format), lname);
            return E_INVALIDARG;
        }
        if (d->InputSlot >= nslots) {
            set_msg(msg, msg_size,
                    IL ": element %u (%s%u): InputSlot %u is not below %u at feature level %s", i,
                    sem, sidx, d->InputSlot, nslots, lname);
            return E_INVALIDARG;
        }
        if (d->InputSlotClass != D3D11_INPUT_PER_VERTEX_DATA &&
            d->InputSlotClass != D3D11_INPUT_PER_INSTANCE_DATA) {
            set_msg(msg, msg_size,
                    IL ": element %u (%s%u): InputSlotClass %d is neither "
                    "D3D11_INPUT_PER_VERTEX_DATA nor D3D11_INPUT_PER_INSTANCE_DATA", i, sem, sidx,
                    (int)d->InputSlotClass);
            return E_INVALIDARG;
        }
        if (d->InputSlotClass == D3D11_INPUT_PER_VERTEX_DATA) {
            if (d->InstanceDataStepRate) {
                set_msg(msg, msg_size,
                        IL ": element %u (%s%u): InstanceDataStepRate %u must be 0 for "
                        "D3D11_INPUT_PER_VERTEX_DATA", i, sem, sidx, d->InstanceDataStepRate);
                return E_INVALIDARG;
            }
            any_vertex = true;
        } else {
            if (!irule.per_instance_allowed) {
                /* seed 004, CreateInputLayout 9_1 / 9_2 */
                set_msg(msg, msg_size,
                        IL ": element %u (%s%u): D3D11_INPUT_PER_INSTANCE_DATA is not supported at "
                        "feature level %s (seed 004)", i, sem, sidx, lname);
                return E_INVALIDARG;
            }
            if (irule.step_rate_one && d->InstanceDataStepRate != 1) {
                set_msg(msg, msg_size,
                        IL ": element %u (%s%u): InstanceDataStepRate %u must be 1 for per-instance "
                        "data at feature level %s", i, sem, sidx, d->InstanceDataStepRate, lname);
                return E_INVALIDARG;
            }
            any_instance = true;
        }

        struct slot_state *s = &slots[d->InputSlot];
        if (s->used && s->cls != d->InputSlotClass) {
            set_msg(msg, msg_size,
                    IL ": element %u (%s%u): input slot %u mixes per-vertex and per-instance "
                    "data (element %u)", i, sem, sidx, d->InputSlot, s->first);
            return E_INVALIDARG;
        }
        if (s->used && s->step != d->InstanceDataStepRate) {
            set_msg(msg, msg_size,
                    IL ": element %u (%s%u): InstanceDataStepRate %u differs from %u of element "
                    "%u in input slot %u", i, sem, sidx, d->InstanceDataStepRate, s->step,
                    s->first, d->InputSlot);
            return E_INVALIDARG;
        }
        if (!s->used) {
            s->used = true;
            s->cls = d->InputSlotClass;
            s->step = d->InstanceDataStepRate;
            s->first = i;
        }

        uint64_t offset;
        if (d->AlignedByteOffset == D3D11_APPEND_ALIGNED_ELEMENT) {
            offset = (s->end + f->align - 1) / f->align * f->align;
        } else {
            offset = d->AlignedByteOffset;
            if (offset % f->align) {
                set_msg(msg, msg_size,
                        IL ": element %u (%s%u): AlignedByteOffset %u is not a multiple of %u "
                        "(DXGI_FORMAT_%s)", i, sem, sidx, d->AlignedByteOffset, (unsigned)f->align,
                        d3d11_format_name(d->Format));
                return E_INVALIDARG;
            }
        }
        if (offset + f->size > D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES) {
            set_msg(msg, msg_size,
                    IL ": element %u (%s%u) ends at byte %llu, past the %u-byte largest vertex "
                    "(D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES)", i, sem, sidx,
                    (unsigned long long)(offset + f->size),
                    (unsigned)D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES);
            return E_INVALIDARG;
        }
        s->end = offset + f->size;
        e->desc = *d;
        e->offset = (UINT)offset;
        e->size = f->size;
        e->shader_register = -1;
    }

    /* seed 004, CreateInputLayout 9_3 (see the decision at the top). */
    if (irule.slot0_per_vertex && any_vertex && any_instance &&
        !(slots[0].used && slots[0].cls == D3D11_INPUT_PER_VERTEX_DATA)) {
        set_msg(msg, msg_size,
                IL ": the layout has per-vertex data, so input slot 0 must hold "
                "D3D11_INPUT_PER_VERTEX_DATA at feature level %s; it holds %s (seed 004)", lname,
                slots[0].used ? "per-instance data" : "no element");
        return E_INVALIDARG;
    }

    /* The signature the layout is checked against. */
    struct dxbc_shader_info info;
    struct dxbc_error err;
    int ret = dxbc_parse(bytecode, size, 0, &info, &err);
    if (ret == DXBC_E_NOMEM) {
        set_msg(msg, msg_size, IL ": out of memory reading the bytecode");
        return E_OUTOFMEMORY;
    }
    if (ret < 0) {
        set_msg(msg, msg_size, IL ": malformed bytecode: %s", err.message);
        return E_INVALIDARG;
    }
    if (!info.input.present) {
        set_msg(msg, msg_size, IL ": the bytecode has no input signature (ISGN chunk)");
        dxbc_info_free(&info);
        return E_INVALIDARG;
    }

    char warning[D3D11_SHADER_MSG_SIZE] = "";
    for (uint32_t k = 0; k < info.input.count; k++) {
        const struct dxbc_signature_element *se = &info.input.elements[k];
        if (se->system_value != D3D_NAME_UNDEFINED)
            continue;   /* SV_VertexID, SV_InstanceID: generated, not fetched */
        UINT j = 0;
        while (j < count && !(descs[j].SemanticIndex == se->semantic_index &&
                              !ascii_casecmp(descs[j].SemanticName, se->semantic_name)))
            j++;
        if (j == count) {
            if (!se->rw_mask)
                continue;   /* declared but never read: nothing to fetch */
            set_msg(msg, msg_size,
                    IL ": the shader reads %s%u (input register v%u), but no element provides it",
                    se->semantic_name, (unsigned)se->semantic_index,
                    (unsigned)se->register_index);
            dxbc_info_free(&info);
            return E_INVALIDARG;
        }
        local[j].shader_register = (int)se->register_index;
        uint32_t kind = ia_format(descs[j].Format)->kind;
        if (!warning[0] && se->rw_mask && kind != se->component_type)
            snprintf(warning, sizeof(warning),
                     IL ": warning: element %u (%s%u) delivers %s data (DXGI_FORMAT_%s) to an "
                     "input the shader reads as %s; the data is reinterpreted", j,
                     descs[j].SemanticName, descs[j].SemanticIndex, kind_name(kind),
                     d3d11_format_name(descs[j].Format), kind_name(se->component_type));
    }
    dxbc_info_free(&info);

    set_msg(msg, msg_size, "%s", warning);
    if (out && count)
        memcpy(out, local, count * sizeof(*out));
    return S_OK;
}

/* ---- the object -------------------------------------------------------------------------------- */

struct d3d11_input_layout {
    ID3D11InputLayout iface;
    struct d3d11_child child;
    struct d3d11_input_layout_info info;
    struct d3d11_input_element *elements;   /* one allocation with the semantic names */
};

static void input_layout_destroy(struct d3d11_input_layout *l)
{
    free(l->elements);
    free(l);
}

static const GUID *const input_layout_iids[] = {&IID_ID3D11InputLayout, NULL};
D3D11_CHILD_IMPLEMENT(input_layout, ID3D11InputLayout, struct d3d11_input_layout,
                      input_layout_iids, input_layout_destroy)
static const ID3D11InputLayoutVtbl input_layout_vtbl = {D3D11_CHILD_VTBL_ENTRIES(input_layout)};

const struct d3d11_input_layout_info *d3d11_input_layout_info(ID3D11InputLayout *iface)
{
    if (!iface || iface->lpVtbl != &input_layout_vtbl)
        return NULL;
    return &input_layout_impl(iface)->info;
}

struct d3d11_child *d3d11_input_layout_child(ID3D11InputLayout *iface)
{
    if (!iface || iface->lpVtbl != &input_layout_vtbl)
        return NULL;
    return &input_layout_impl(iface)->child;
}

static HRESULT STDMETHODCALLTYPE device_CreateInputLayout(ID3D11Device2 *iface,
                                                          const D3D11_INPUT_ELEMENT_DESC *descs,
                                                          UINT count, const void *bytecode,
                                                          SIZE_T size, ID3D11InputLayout **out)
{
    struct d3d11_device *dev = d3d11_device_from_iface(iface);
    struct d3d11_input_element resolved[D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT];
    char msg[D3D11_SHADER_MSG_SIZE];

    if (out)
        *out = NULL;
    HRESULT hr = d3d11_validate_input_layout(dev->level, descs, count, bytecode, size, resolved,
                                             msg, sizeof(msg));
    if (msg[0])
        d3d11_msg(dev, "%s", msg);   /* the refusal, or the type-mismatch warning */
    if (FAILED(hr))
        return hr;
    if (!out)
        return S_FALSE;

    /* Elements, then the names they point to, in one allocation. */
    size_t names = 0;
    for (UINT i = 0; i < count; i++)
        names += strlen(descs[i].SemanticName) + 1;
    struct d3d11_input_layout *l = calloc(1, sizeof(*l));
    struct d3d11_input_element *elements = NULL;
    if (l && (count || names))
        elements = malloc(count * sizeof(*elements) + names);
    if (!l || ((count || names) && !elements)) {
        free(l);
        free(elements);
        d3d11_msg(dev, IL ": out of memory");
        return E_OUTOFMEMORY;
    }
    char *p = elements ? (char *)(elements + count) : NULL;
    for (UINT i = 0; i < count; i++) {
        size_t n = strlen(descs[i].SemanticName) + 1;
        elements[i] = resolved[i];
        memcpy(p, descs[i].SemanticName, n);
        elements[i].desc.SemanticName = p;
        p += n;
    }
    l->iface.lpVtbl = &input_layout_vtbl;
    d3d11_child_init(&l->child, dev);
    l->elements = elements;
    l->info.count = count;
    l->info.elements = elements;
    *out = &l->iface;
    return S_OK;
}

void d3d11_input_layout_fill_device_vtbl(ID3D11Device2Vtbl *v)
{
    v->CreateInputLayout = device_CreateInputLayout;
}
