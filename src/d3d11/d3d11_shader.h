/* src/d3d11/d3d11_shader.h — shaders and input layouts of the D3D11 front-end, as the pipeline
 * and the tests see them.
 *
 * shader.c implements CreateVertexShader / CreatePixelShader / CreateGeometryShader(WithStream
 * Output) / CreateHullShader / CreateDomainShader / CreateComputeShader (objects that keep a copy
 * of the bytecode and its parsed dxbc_shader_info), the refusals of the stages a level lacks
 * (class_linkage.c: CreateClassLinkage objects), and input_layout.c CreateInputLayout
 * (an object that keeps the element descriptions, with its own copies of the semantic names, and
 * the resolved byte offset and shader register of each element).
 *
 * Each Create method first runs a pure validation function (declared below, so tests can drive
 * it without a device): inputs + feature level -> HRESULT + one message line.  Only when it
 * passes does the method allocate.
 */
#ifndef SOFTD3D_D3D11_SHADER_H
#define SOFTD3D_D3D11_SHADER_H

#include "d3d11/d3d11_private.h"
#include "shader/dxbc.h"
#include "shader/dxbc_class.h"

/* A message buffer large enough for every refusal line (util_msg keeps 512 bytes). */
#define D3D11_SHADER_MSG_SIZE 512

/* ---- shaders ------------------------------------------------------------------------------ */

/* A stream-output declaration resolved against the output signature (stream_output.c):
 * entry k writes `count` components of output register `reg` from component `comp` (gap:
 * skips `count` dwords) to slot `slot`. */
struct d3d11_so_entry {
    UINT slot, reg, comp, count;
    bool gap;
    UINT stream;                    /* D3D11_SO_DECLARATION_ENTRY.Stream */
};
struct d3d11_so_layout {
    UINT count;
    struct d3d11_so_entry entries[D3D11_SO_STREAM_COUNT * D3D11_SO_OUTPUT_COMPONENT_COUNT];
    UINT strides[D3D11_SO_BUFFER_SLOT_COUNT];
    bool rasterize;                 /* RasterizedStream 0..3 (else NO_RASTERIZED_STREAM) */
    UINT raster_stream;             /* with rasterize: RasterizedStream */
    bool vs_only;                   /* the bytecode is the vertex (or, 11_0, the domain)
                                     * shader's: no GS program */
};

/* What a shader object keeps.  The info's offsets (program_offset, level9_program_offset...)
 * index `bytecode`. */
struct d3d11_shader_code {
    uint8_t *bytecode;              /* owned copy of what the application passed */
    size_t size;
    struct dxbc_shader_info info;   /* dxbc_parse() of bytecode; owned */
    struct d3d11_so_layout *so;     /* geometry shaders with stream output; owned; else NULL */
    struct dxbc_class_info classes; /* the IFCE chunk (class linkage); owned; counts 0 if none */
    ID3D11ClassLinkage *linkage;    /* pClassLinkage of the creation (a reference), or NULL */
};

/* ---- class linkage (class_linkage.c) ------------------------------------------------------ */

/* What the context reads of a class instance. */
struct d3d11_class_instance_info {
    ID3D11ClassLinkage *linkage;
    const D3D11_CLASS_INSTANCE_DESC *desc;
    char name[DXBC_CLASS_NAME_MAX], type_name[DXBC_CLASS_NAME_MAX];
};

HRESULT d3d11_class_linkage_create(struct d3d11_device *dev, ID3D11ClassLinkage **out);
/* Whether iface is a softd3d class linkage of dev. */
bool d3d11_class_linkage_of(const struct d3d11_device *dev, ID3D11ClassLinkage *iface);
/* Registers a shader's class types and instances (S_OK or E_OUTOFMEMORY). */
HRESULT d3d11_class_linkage_add(ID3D11ClassLinkage *iface, const struct dxbc_class_info *c);
/* NULL unless iface is a softd3d class instance. */
const struct d3d11_class_instance_info *d3d11_class_instance_info(ID3D11ClassInstance *iface);
struct d3d11_child *d3d11_class_instance_child(ID3D11ClassInstance *iface);

/* The pure part of CreateGeometryShaderWithStreamOutput's declaration checks (the rules at the
 * top of stream_output.c): S_OK with *layout filled, or E_INVALIDARG and msg. */
HRESULT d3d11_validate_so(D3D_FEATURE_LEVEL level, const struct dxbc_signature *out,
                          const D3D11_SO_DECLARATION_ENTRY *decl, UINT count,
                          const UINT *strides, UINT nstrides, UINT rasterized,
                          struct d3d11_so_layout *layout, char *msg, size_t size);

/* The code behind a shader interface, or NULL when iface is NULL or is not a softd3d shader of
 * that stage (the vtable is checked, so a foreign or wrong-stage pointer is never misread). */
const struct d3d11_shader_code *d3d11_vertex_shader_code(ID3D11VertexShader *iface);
const struct d3d11_shader_code *d3d11_pixel_shader_code(ID3D11PixelShader *iface);
const struct d3d11_shader_code *d3d11_geometry_shader_code(ID3D11GeometryShader *iface);
const struct d3d11_shader_code *d3d11_hull_shader_code(ID3D11HullShader *iface);
const struct d3d11_shader_code *d3d11_domain_shader_code(ID3D11DomainShader *iface);
const struct d3d11_shader_code *d3d11_compute_shader_code(ID3D11ComputeShader *iface);
/* The device-child part of a shader of any stage, for the context's bindings; NULL for anything
 * else (shader.c). */
struct d3d11_child *d3d11_shader_child(ID3D11DeviceChild *shader);

/* The pure part of CreateVertexShader / CreatePixelShader.  `want` is DXBC_PROGRAM_VERTEX or
 * DXBC_PROGRAM_PIXEL; `method` names the caller in the message.  On S_OK, *info holds the parsed
 * bytecode (the caller owns it: dxbc_info_free); on failure *info is zeroed and msg holds the
 * refusal line.  Never S_FALSE: the out-pointer rule is the method's. */
HRESULT d3d11_validate_shader(D3D_FEATURE_LEVEL level, const char *method,
                              enum dxbc_program_type want, const void *bytecode, SIZE_T size,
                              bool has_class_linkage, struct dxbc_shader_info *info,
                              char *msg, size_t msg_size);

/* "vs_4_0_level_9_1", "ps_4_0", "gs_5_0"...: the profile a parsed shader was compiled for. */
const char *d3d11_shader_profile_name(const struct dxbc_shader_info *info, char *buf,
                                      size_t size);

/* ---- input layouts ------------------------------------------------------------------------- */

struct d3d11_input_element {
    D3D11_INPUT_ELEMENT_DESC desc;  /* as given; SemanticName points to the layout's own copy */
    UINT offset;                    /* AlignedByteOffset with APPEND_ALIGNED resolved */
    UINT size;                      /* bytes the element's format occupies */
    int shader_register;            /* the vertex shader input register (v#) the signature gives
                                     * this element, or -1 when the shader does not declare it */
};

struct d3d11_input_layout_info {
    UINT count;
    const struct d3d11_input_element *elements;
};

/* The elements behind an input layout interface, or NULL (NULL or foreign iface). */
const struct d3d11_input_layout_info *d3d11_input_layout_info(ID3D11InputLayout *iface);
/* Its device-child part, for the context's bindings; NULL likewise (input_layout.c). */
struct d3d11_child *d3d11_input_layout_child(ID3D11InputLayout *iface);

/* The pure part of CreateInputLayout.  On S_OK, when `out` is non-NULL, out[i] (NumElements
 * entries, provided by the caller) receives each element resolved (desc.SemanticName still
 * points to the caller's string); msg may then hold a warning (a component-type mismatch, which
 * the runtime only warns about) or be empty.  On failure msg holds the refusal line. */
HRESULT d3d11_validate_input_layout(D3D_FEATURE_LEVEL level, const D3D11_INPUT_ELEMENT_DESC *descs,
                                    UINT count, const void *bytecode, SIZE_T size,
                                    struct d3d11_input_element *out, char *msg, size_t msg_size);

/* input_layout.c */
void d3d11_input_layout_fill_device_vtbl(ID3D11Device2Vtbl *v);

#endif
