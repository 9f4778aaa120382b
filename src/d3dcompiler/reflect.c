/* src/d3dcompiler/reflect.c — D3DReflect: ID3D11ShaderReflection and its constant-buffer,
 * variable and type objects over the model of src/shader/dxbc_reflect.h.
 *
 * READ ME FIRST
 *   - The reflection object is the one COM object: reference counted, QueryInterface answers
 *     IUnknown and ID3D11ShaderReflection.  The constant buffers, variables and types are not
 *     COM objects (their interfaces have no IUnknown, learn.microsoft.com: "This isn't a COM
 *     interface, so you don't need to worry about reference counts"); they are arrays inside
 *     the reflection object and live as long as it.
 *   - A lookup that finds nothing (an index out of range, an unknown name) returns a pointer
 *     to a "null object", never NULL: the methods return pointers, the documentation names no
 *     NULL result, and programs call GetDesc on what they get and test its HRESULT.  A null
 *     object's GetDesc returns E_FAIL and its lookups return null objects again.  GetDesc(NULL)
 *     is E_FAIL too; the Get*Desc(index) methods answer E_INVALIDARG for a bad index or a NULL
 *     description (these are the answers Wine's d3dcompiler tests record for d3dcompiler_47).
 *   - Types: one object per reference (each variable's type, each struct member), because
 *     D3D11_SHADER_TYPE_DESC.Offset is the member's offset in its parent (0 for a variable).
 *     IsEqual compares the types themselves (layout, members, name), not the objects.
 *   - Class linkage (interface and class types, their slots) is not implemented: softd3d's
 *     compiler writes no classes and the device has no class linkage.  GetSubType,
 *     GetBaseClass and GetInterfaceByIndex answer NULL and GetNumInterfaces 0 (no type softd3d
 *     reads has any); on an interface or class type they also log "not implemented" once, as
 *     do IsOfType / ImplementsInterface (E_NOTIMPL) and GetInterfaceSlot on an interface.
 *   - Statistics (GetDesc's instruction counts, GetMov...Count ...) come from the STAT chunk;
 *     without one (softd3d's own blobs) they are counted from the program (dxbc_reflect.c).
 */
#define COBJMACROS
#include "d3dcompiler.h"

#include "shader/dxbc_reflect.h"
#include "util/export.h"
#include "util/log.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct reflection;

struct reflect_cbuffer {
    ID3D11ShaderReflectionConstantBuffer iface;
    const struct reflection *owner; /* NULL: the null object */
    uint32_t index;
};

struct reflect_variable {
    ID3D11ShaderReflectionVariable iface;
    const struct reflection *owner;
    uint32_t index;
};

struct reflect_type {
    ID3D11ShaderReflectionType iface;
    const struct reflection *owner;
    uint32_t type;                  /* index into m.types */
    uint32_t offset;                /* in the parent struct (members), else 0 */
    uint32_t member_objects;        /* first object of its members, in reflection.types */
};

struct reflection {
    ID3D11ShaderReflection iface;
    atomic_uint refs;
    struct dxbc_reflection m;
    struct reflect_cbuffer *cbuffers;
    struct reflect_variable *variables;
    /* variable_count objects for the variables' types, then one per member (member k of the
     * model at variable_count + k) */
    struct reflect_type *types;
};

static const ID3D11ShaderReflectionConstantBufferVtbl cbuffer_vtbl;
static const ID3D11ShaderReflectionVariableVtbl variable_vtbl;
static const ID3D11ShaderReflectionTypeVtbl type_vtbl;

static struct reflect_cbuffer null_cbuffer = {{&cbuffer_vtbl}, NULL, 0};
static struct reflect_variable null_variable = {{&variable_vtbl}, NULL, 0};
static struct reflect_type null_type = {{&type_vtbl}, NULL, 0, 0, 0};

static struct reflection *impl(ID3D11ShaderReflection *iface)
{
    return (struct reflection *)iface;
}

/* ---- types ---------------------------------------------------------------------------------- */

static struct reflect_type *type_impl(ID3D11ShaderReflectionType *iface)
{
    return (struct reflect_type *)iface;
}

static const struct dxbc_reflect_type *type_model(const struct reflect_type *t)
{
    return &t->owner->m.types[t->type];
}

/* Interface and class types (D3D_SVC_INTERFACE_CLASS 4, D3D_SVC_INTERFACE_POINTER 5): the
 * class-linkage part of reflection, not implemented. */
static bool type_is_class(const struct reflect_type *t)
{
    return t->owner && (type_model(t)->class_ == D3D_SVC_INTERFACE_CLASS ||
                        type_model(t)->class_ == D3D_SVC_INTERFACE_POINTER);
}

static HRESULT STDMETHODCALLTYPE type_GetDesc(ID3D11ShaderReflectionType *iface,
                                              D3D11_SHADER_TYPE_DESC *desc)
{
    struct reflect_type *t = type_impl(iface);
    if (!t->owner || !desc)
        return E_FAIL;
    const struct dxbc_reflect_type *m = type_model(t);
    desc->Class = (D3D_SHADER_VARIABLE_CLASS)m->class_;
    desc->Type = (D3D_SHADER_VARIABLE_TYPE)m->type;
    desc->Rows = m->rows;
    desc->Columns = m->columns;
    desc->Elements = m->elements;
    desc->Members = m->member_count;
    desc->Offset = t->offset;
    desc->Name = m->name;
    return S_OK;
}

static ID3D11ShaderReflectionType *STDMETHODCALLTYPE type_GetMemberTypeByIndex(
    ID3D11ShaderReflectionType *iface, UINT index)
{
    struct reflect_type *t = type_impl(iface);
    if (!t->owner || index >= type_model(t)->member_count)
        return &null_type.iface;
    return &t->owner->types[t->member_objects + index].iface;
}

static ID3D11ShaderReflectionType *STDMETHODCALLTYPE type_GetMemberTypeByName(
    ID3D11ShaderReflectionType *iface, LPCSTR name)
{
    struct reflect_type *t = type_impl(iface);
    if (!t->owner || !name)
        return &null_type.iface;
    const struct dxbc_reflect_type *m = type_model(t);
    for (uint32_t k = 0; k < m->member_count; k++)
        if (!strcmp(t->owner->m.members[m->member_first + k].name, name))
            return &t->owner->types[t->member_objects + k].iface;
    return &null_type.iface;
}

static LPCSTR STDMETHODCALLTYPE type_GetMemberTypeName(ID3D11ShaderReflectionType *iface,
                                                       UINT index)
{
    struct reflect_type *t = type_impl(iface);
    if (!t->owner || index >= type_model(t)->member_count)
        return NULL;
    return t->owner->m.members[type_model(t)->member_first + index].name;
}

/* Same layout, same members (names, offsets, types), same name.  No cycles: dxbc_reflect.c
 * refuses a type that contains itself, so the recursion ends. */
static bool same_type(const struct dxbc_reflection *ma, uint32_t a,
                      const struct dxbc_reflection *mb, uint32_t b)
{
    const struct dxbc_reflect_type *x = &ma->types[a], *y = &mb->types[b];
    if (x->class_ != y->class_ || x->type != y->type || x->rows != y->rows ||
        x->columns != y->columns || x->elements != y->elements ||
        x->member_count != y->member_count || !x->name != !y->name ||
        (x->name && strcmp(x->name, y->name)))
        return false;
    for (uint32_t k = 0; k < x->member_count; k++) {
        const struct dxbc_reflect_member *p = &ma->members[x->member_first + k];
        const struct dxbc_reflect_member *q = &mb->members[y->member_first + k];
        if (p->offset != q->offset || strcmp(p->name, q->name) ||
            !same_type(ma, p->type, mb, q->type))
            return false;
    }
    return true;
}

static HRESULT STDMETHODCALLTYPE type_IsEqual(ID3D11ShaderReflectionType *iface,
                                              ID3D11ShaderReflectionType *other)
{
    struct reflect_type *t = type_impl(iface), *o = other ? type_impl(other) : NULL;
    if (!t->owner || !o || !o->owner)
        return E_INVALIDARG;
    return same_type(&t->owner->m, t->type, &o->owner->m, o->type) ? S_OK : S_FALSE;
}

static void type_class_unimplemented(const struct reflect_type *t, const char *method)
{
    if (type_is_class(t))
        softd3d_log_unimplemented(method);
}

static ID3D11ShaderReflectionType *STDMETHODCALLTYPE type_GetSubType(
    ID3D11ShaderReflectionType *iface)
{
    type_class_unimplemented(type_impl(iface), "ID3D11ShaderReflectionType::GetSubType");
    return NULL;
}

static ID3D11ShaderReflectionType *STDMETHODCALLTYPE type_GetBaseClass(
    ID3D11ShaderReflectionType *iface)
{
    type_class_unimplemented(type_impl(iface), "ID3D11ShaderReflectionType::GetBaseClass");
    return NULL;
}

static UINT STDMETHODCALLTYPE type_GetNumInterfaces(ID3D11ShaderReflectionType *iface)
{
    type_class_unimplemented(type_impl(iface), "ID3D11ShaderReflectionType::GetNumInterfaces");
    return 0;
}

static ID3D11ShaderReflectionType *STDMETHODCALLTYPE type_GetInterfaceByIndex(
    ID3D11ShaderReflectionType *iface, UINT index)
{
    (void)index;
    type_class_unimplemented(type_impl(iface), "ID3D11ShaderReflectionType::GetInterfaceByIndex");
    return NULL;
}

/* For a type that is no class, "is of type" is equality and it implements no interface. */
static HRESULT STDMETHODCALLTYPE type_IsOfType(ID3D11ShaderReflectionType *iface,
                                               ID3D11ShaderReflectionType *other)
{
    struct reflect_type *t = type_impl(iface);
    if (type_is_class(t) || (other && type_is_class(type_impl(other)))) {
        softd3d_log_unimplemented("ID3D11ShaderReflectionType::IsOfType");
        return E_NOTIMPL;
    }
    return type_IsEqual(iface, other);
}

static HRESULT STDMETHODCALLTYPE type_ImplementsInterface(ID3D11ShaderReflectionType *iface,
                                                          ID3D11ShaderReflectionType *base)
{
    struct reflect_type *t = type_impl(iface);
    if (!t->owner || !base || !type_impl(base)->owner)
        return E_INVALIDARG;
    if (type_is_class(t) || type_is_class(type_impl(base))) {
        softd3d_log_unimplemented("ID3D11ShaderReflectionType::ImplementsInterface");
        return E_NOTIMPL;
    }
    return S_FALSE;
}

static const ID3D11ShaderReflectionTypeVtbl type_vtbl = {
    type_GetDesc, type_GetMemberTypeByIndex, type_GetMemberTypeByName, type_GetMemberTypeName,
    type_IsEqual, type_GetSubType, type_GetBaseClass, type_GetNumInterfaces,
    type_GetInterfaceByIndex, type_IsOfType, type_ImplementsInterface,
};

/* ---- variables ---------------------------------------------------------------------------- */

static struct reflect_variable *variable_impl(ID3D11ShaderReflectionVariable *iface)
{
    return (struct reflect_variable *)iface;
}

static HRESULT STDMETHODCALLTYPE variable_GetDesc(ID3D11ShaderReflectionVariable *iface,
                                                  D3D11_SHADER_VARIABLE_DESC *desc)
{
    struct reflect_variable *v = variable_impl(iface);
    if (!v->owner || !desc)
        return E_FAIL;
    const struct dxbc_reflect_variable *m = &v->owner->m.variables[v->index];
    desc->Name = m->name;
    desc->StartOffset = m->offset;
    desc->Size = m->size;
    desc->uFlags = m->flags;
    desc->DefaultValue = (LPVOID)m->default_value;
    desc->StartTexture = m->start_texture;
    desc->TextureSize = m->texture_size;
    desc->StartSampler = m->start_sampler;
    desc->SamplerSize = m->sampler_size;
    return S_OK;
}

static ID3D11ShaderReflectionType *STDMETHODCALLTYPE variable_GetType(
    ID3D11ShaderReflectionVariable *iface)
{
    struct reflect_variable *v = variable_impl(iface);
    return v->owner ? &v->owner->types[v->index].iface : &null_type.iface;
}

static ID3D11ShaderReflectionConstantBuffer *STDMETHODCALLTYPE variable_GetBuffer(
    ID3D11ShaderReflectionVariable *iface)
{
    struct reflect_variable *v = variable_impl(iface);
    if (!v->owner)
        return &null_cbuffer.iface;
    return &v->owner->cbuffers[v->owner->m.variables[v->index].cbuffer].iface;
}

static UINT STDMETHODCALLTYPE variable_GetInterfaceSlot(ID3D11ShaderReflectionVariable *iface,
                                                        UINT array_index)
{
    struct reflect_variable *v = variable_impl(iface);
    (void)array_index;
    if (v->owner)
        type_class_unimplemented(&v->owner->types[v->index],
                                 "ID3D11ShaderReflectionVariable::GetInterfaceSlot");
    return 0xffffffffu; /* a variable that is no interface has no slot */
}

static const ID3D11ShaderReflectionVariableVtbl variable_vtbl = {
    variable_GetDesc, variable_GetType, variable_GetBuffer, variable_GetInterfaceSlot,
};

/* ---- constant buffers ------------------------------------------------------------------------ */

static struct reflect_cbuffer *cbuffer_impl(ID3D11ShaderReflectionConstantBuffer *iface)
{
    return (struct reflect_cbuffer *)iface;
}

static HRESULT STDMETHODCALLTYPE cbuffer_GetDesc(ID3D11ShaderReflectionConstantBuffer *iface,
                                                 D3D11_SHADER_BUFFER_DESC *desc)
{
    struct reflect_cbuffer *cb = cbuffer_impl(iface);
    if (!cb->owner || !desc)
        return E_FAIL;
    const struct dxbc_reflect_cbuffer *m = &cb->owner->m.cbuffers[cb->index];
    desc->Name = m->name;
    desc->Type = (D3D_CBUFFER_TYPE)m->type;
    desc->Variables = m->variable_count;
    desc->Size = m->size;
    desc->uFlags = m->flags;
    return S_OK;
}

static ID3D11ShaderReflectionVariable *STDMETHODCALLTYPE cbuffer_GetVariableByIndex(
    ID3D11ShaderReflectionConstantBuffer *iface, UINT index)
{
    struct reflect_cbuffer *cb = cbuffer_impl(iface);
    if (!cb->owner || index >= cb->owner->m.cbuffers[cb->index].variable_count)
        return &null_variable.iface;
    return &cb->owner->variables[cb->owner->m.cbuffers[cb->index].variable_first + index].iface;
}

static ID3D11ShaderReflectionVariable *STDMETHODCALLTYPE cbuffer_GetVariableByName(
    ID3D11ShaderReflectionConstantBuffer *iface, LPCSTR name)
{
    struct reflect_cbuffer *cb = cbuffer_impl(iface);
    if (!cb->owner || !name)
        return &null_variable.iface;
    const struct dxbc_reflect_cbuffer *m = &cb->owner->m.cbuffers[cb->index];
    for (uint32_t k = 0; k < m->variable_count; k++)
        if (!strcmp(cb->owner->m.variables[m->variable_first + k].name, name))
            return &cb->owner->variables[m->variable_first + k].iface;
    return &null_variable.iface;
}

static const ID3D11ShaderReflectionConstantBufferVtbl cbuffer_vtbl = {
    cbuffer_GetDesc, cbuffer_GetVariableByIndex, cbuffer_GetVariableByName,
};

/* ---- ID3D11ShaderReflection ----------------------------------------------------------------- */

static HRESULT STDMETHODCALLTYPE reflection_QueryInterface(ID3D11ShaderReflection *iface,
                                                           REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D11ShaderReflection)) {
        ID3D11ShaderReflection_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE reflection_AddRef(ID3D11ShaderReflection *iface)
{
    return atomic_fetch_add(&impl(iface)->refs, 1) + 1;
}

static void reflection_free(struct reflection *r)
{
    dxbc_reflect_free(&r->m);
    free(r->cbuffers);
    free(r->variables);
    free(r->types);
    free(r);
}

static ULONG STDMETHODCALLTYPE reflection_Release(ID3D11ShaderReflection *iface)
{
    struct reflection *r = impl(iface);
    ULONG left = atomic_fetch_sub(&r->refs, 1) - 1;
    if (!left)
        reflection_free(r);
    return left;
}

/* D3D11_SHVER: program type in bits 16-31, major 4-7, minor 0-3 (the SHDR/SHEX version
 * token); a container without a program (an effect) reports RDEF's target instead. */
static UINT shader_version(const struct dxbc_reflection *m)
{
    if (m->info.has_program)
        return (UINT)m->info.program_type << 16 | m->info.major << 4 | m->info.minor;
    if (m->info.rdef.present && m->info.rdef.target_type != DXBC_PROGRAM_UNKNOWN)
        return (UINT)m->info.rdef.target_type << 16 | (m->info.rdef.target_major & 0xf) << 4 |
               (m->info.rdef.target_minor & 0xf);
    return 0;
}

static HRESULT STDMETHODCALLTYPE reflection_GetDesc(ID3D11ShaderReflection *iface,
                                                    D3D11_SHADER_DESC *desc)
{
    const struct dxbc_reflection *m = &impl(iface)->m;
    if (!desc) {
        util_msg(false, "ID3D11ShaderReflection::GetDesc: NULL description");
        return E_FAIL;
    }
    const uint32_t *s = m->stat;
    memset(desc, 0, sizeof(*desc));
    desc->Version = shader_version(m);
    desc->Creator = m->info.rdef.present ? m->info.rdef.creator : NULL;
    desc->Flags = m->info.rdef.compile_flags;
    desc->ConstantBuffers = m->cbuffer_count;
    desc->BoundResources = m->info.rdef.binding_count;
    desc->InputParameters = m->info.input.count;
    desc->OutputParameters = m->info.output.count;
    desc->PatchConstantParameters = m->info.patch_constant.count;
    desc->InstructionCount = s[DXBC_STAT_INSTRUCTIONS];
    desc->TempRegisterCount = s[DXBC_STAT_TEMPS];
    desc->TempArrayCount = s[DXBC_STAT_TEMP_ARRAYS];
    desc->DefCount = s[DXBC_STAT_DEFS];
    desc->DclCount = s[DXBC_STAT_DCLS];
    desc->TextureNormalInstructions = s[DXBC_STAT_TEX_NORMAL];
    desc->TextureLoadInstructions = s[DXBC_STAT_TEX_LOAD];
    desc->TextureCompInstructions = s[DXBC_STAT_TEX_COMP];
    desc->TextureBiasInstructions = s[DXBC_STAT_TEX_BIAS];
    desc->TextureGradientInstructions = s[DXBC_STAT_TEX_GRADIENT];
    desc->FloatInstructionCount = s[DXBC_STAT_FLOAT];
    desc->IntInstructionCount = s[DXBC_STAT_INT];
    desc->UintInstructionCount = s[DXBC_STAT_UINT];
    desc->StaticFlowControlCount = s[DXBC_STAT_STATIC_FLOW];
    desc->DynamicFlowControlCount = s[DXBC_STAT_DYNAMIC_FLOW];
    desc->MacroInstructionCount = s[DXBC_STAT_MACRO];
    desc->ArrayInstructionCount = s[DXBC_STAT_ARRAY];
    desc->CutInstructionCount = s[DXBC_STAT_CUT];
    desc->EmitInstructionCount = s[DXBC_STAT_EMIT];
    desc->GSOutputTopology = (D3D_PRIMITIVE_TOPOLOGY)s[DXBC_STAT_GS_OUTPUT_TOPOLOGY];
    desc->GSMaxOutputVertexCount = s[DXBC_STAT_GS_MAX_OUTPUT_VERTICES];
    desc->InputPrimitive = (D3D_PRIMITIVE)s[DXBC_STAT_INPUT_PRIMITIVE];
    desc->cGSInstanceCount = s[DXBC_STAT_GS_INSTANCES];
    desc->cControlPoints = s[DXBC_STAT_CONTROL_POINTS];
    desc->HSOutputPrimitive = (D3D_TESSELLATOR_OUTPUT_PRIMITIVE)s[DXBC_STAT_HS_OUTPUT_PRIMITIVE];
    desc->HSPartitioning = (D3D_TESSELLATOR_PARTITIONING)s[DXBC_STAT_HS_PARTITIONING];
    desc->TessellatorDomain = (D3D_TESSELLATOR_DOMAIN)s[DXBC_STAT_TESS_DOMAIN];
    desc->cBarrierInstructions = s[DXBC_STAT_BARRIERS];
    desc->cInterlockedInstructions = s[DXBC_STAT_INTERLOCKED];
    desc->cTextureStoreInstructions = s[DXBC_STAT_TEXTURE_STORES];
    return S_OK;
}

static ID3D11ShaderReflectionConstantBuffer *STDMETHODCALLTYPE reflection_GetConstantBufferByIndex(
    ID3D11ShaderReflection *iface, UINT index)
{
    struct reflection *r = impl(iface);
    return index < r->m.cbuffer_count ? &r->cbuffers[index].iface : &null_cbuffer.iface;
}

static ID3D11ShaderReflectionConstantBuffer *STDMETHODCALLTYPE reflection_GetConstantBufferByName(
    ID3D11ShaderReflection *iface, LPCSTR name)
{
    struct reflection *r = impl(iface);
    for (uint32_t i = 0; name && i < r->m.cbuffer_count; i++)
        if (!strcmp(r->m.cbuffers[i].name, name))
            return &r->cbuffers[i].iface;
    return &null_cbuffer.iface;
}

static void fill_binding(const struct dxbc_rdef_binding *b, D3D11_SHADER_INPUT_BIND_DESC *desc)
{
    desc->Name = b->name;
    desc->Type = (D3D_SHADER_INPUT_TYPE)b->type;
    desc->BindPoint = b->bind_point;
    desc->BindCount = b->bind_count;
    desc->uFlags = b->flags;
    desc->ReturnType = (D3D_RESOURCE_RETURN_TYPE)b->return_type;
    desc->Dimension = (D3D_SRV_DIMENSION)b->dimension;
    desc->NumSamples = b->sample_count;
}

static HRESULT STDMETHODCALLTYPE reflection_GetResourceBindingDesc(
    ID3D11ShaderReflection *iface, UINT index, D3D11_SHADER_INPUT_BIND_DESC *desc)
{
    const struct dxbc_rdef *rdef = &impl(iface)->m.info.rdef;
    if (!desc || index >= rdef->binding_count) {
        util_msg(false, "ID3D11ShaderReflection::GetResourceBindingDesc: %s (%u bound resources)",
                 desc ? "index out of range" : "NULL description", (unsigned)rdef->binding_count);
        return E_INVALIDARG;
    }
    fill_binding(&rdef->bindings[index], desc);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE reflection_GetResourceBindingDescByName(
    ID3D11ShaderReflection *iface, LPCSTR name, D3D11_SHADER_INPUT_BIND_DESC *desc)
{
    const struct dxbc_rdef *rdef = &impl(iface)->m.info.rdef;
    for (uint32_t i = 0; name && desc && i < rdef->binding_count; i++)
        if (!strcmp(rdef->bindings[i].name, name)) {
            fill_binding(&rdef->bindings[i], desc);
            return S_OK;
        }
    util_msg(false, "ID3D11ShaderReflection::GetResourceBindingDescByName: %s",
             !name ? "NULL name" : !desc ? "NULL description" : "no resource of that name");
    return E_INVALIDARG;
}

static HRESULT signature_desc(const struct dxbc_signature *sig, const char *method, UINT index,
                              D3D11_SIGNATURE_PARAMETER_DESC *desc)
{
    if (!desc || index >= sig->count) {
        util_msg(false, "ID3D11ShaderReflection::%s: %s (%u elements)", method,
                 desc ? "index out of range" : "NULL description", (unsigned)sig->count);
        return E_INVALIDARG;
    }
    const struct dxbc_signature_element *e = &sig->elements[index];
    desc->SemanticName = e->semantic_name;
    desc->SemanticIndex = e->semantic_index;
    desc->Register = e->register_index;
    desc->SystemValueType = (D3D_NAME)e->system_value;
    desc->ComponentType = (D3D_REGISTER_COMPONENT_TYPE)e->component_type;
    desc->Mask = e->mask;
    desc->ReadWriteMask = e->rw_mask;
    desc->Stream = e->stream;
    desc->MinPrecision = (D3D_MIN_PRECISION)e->min_precision;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE reflection_GetInputParameterDesc(
    ID3D11ShaderReflection *iface, UINT index, D3D11_SIGNATURE_PARAMETER_DESC *desc)
{
    return signature_desc(&impl(iface)->m.info.input, "GetInputParameterDesc", index, desc);
}

static HRESULT STDMETHODCALLTYPE reflection_GetOutputParameterDesc(
    ID3D11ShaderReflection *iface, UINT index, D3D11_SIGNATURE_PARAMETER_DESC *desc)
{
    return signature_desc(&impl(iface)->m.info.output, "GetOutputParameterDesc", index, desc);
}

static HRESULT STDMETHODCALLTYPE reflection_GetPatchConstantParameterDesc(
    ID3D11ShaderReflection *iface, UINT index, D3D11_SIGNATURE_PARAMETER_DESC *desc)
{
    return signature_desc(&impl(iface)->m.info.patch_constant, "GetPatchConstantParameterDesc",
                          index, desc);
}

static ID3D11ShaderReflectionVariable *STDMETHODCALLTYPE reflection_GetVariableByName(
    ID3D11ShaderReflection *iface, LPCSTR name)
{
    struct reflection *r = impl(iface);
    for (uint32_t i = 0; name && i < r->m.variable_count; i++)
        if (!strcmp(r->m.variables[i].name, name))
            return &r->variables[i].iface;
    return &null_variable.iface;
}

static UINT STDMETHODCALLTYPE reflection_GetMovInstructionCount(ID3D11ShaderReflection *iface)
{
    return impl(iface)->m.stat[DXBC_STAT_MOV];
}

static UINT STDMETHODCALLTYPE reflection_GetMovcInstructionCount(ID3D11ShaderReflection *iface)
{
    return impl(iface)->m.stat[DXBC_STAT_MOVC];
}

static UINT STDMETHODCALLTYPE reflection_GetConversionInstructionCount(
    ID3D11ShaderReflection *iface)
{
    return impl(iface)->m.stat[DXBC_STAT_CONVERSION];
}

static UINT STDMETHODCALLTYPE reflection_GetBitwiseInstructionCount(ID3D11ShaderReflection *iface)
{
    return impl(iface)->m.stat[DXBC_STAT_BITWISE];
}

static D3D_PRIMITIVE STDMETHODCALLTYPE reflection_GetGSInputPrimitive(
    ID3D11ShaderReflection *iface)
{
    return (D3D_PRIMITIVE)impl(iface)->m.stat[DXBC_STAT_INPUT_PRIMITIVE];
}

/* STAT's field when there is one, else the program's declarations (dxbc_reflect.c). */
static BOOL STDMETHODCALLTYPE reflection_IsSampleFrequencyShader(ID3D11ShaderReflection *iface)
{
    const struct dxbc_reflection *m = &impl(iface)->m;
    return m->stat_from_chunk ? m->stat[DXBC_STAT_SAMPLE_FREQUENCY] != 0 : m->sample_frequency;
}

static UINT STDMETHODCALLTYPE reflection_GetNumInterfaceSlots(ID3D11ShaderReflection *iface)
{
    return impl(iface)->m.interface_slots;
}

/* The lowest feature level that runs the shader: a 10Level9 program (an Aon9 chunk) 9_1 or
 * 9_3 by its SM2 version ("Direct3D feature levels": vs/ps_4_0_level_9_1 run at 9_1,
 * _level_9_3 at 9_3); otherwise the shader model's level (4.0: 10_0, 4.1: 10_1, 5.x: 11_0),
 * raised to 11_1 by the requirements that only 11_1 has (64 UAVs, UAVs at every stage, the
 * 11.1 shader and double extensions: "Direct3D 11.1 features"). */
static HRESULT STDMETHODCALLTYPE reflection_GetMinFeatureLevel(ID3D11ShaderReflection *iface,
                                                               D3D_FEATURE_LEVEL *level)
{
    const struct dxbc_reflection *m = &impl(iface)->m;
    if (!level)
        return E_INVALIDARG;
    const uint64_t level_11_1 = D3D_SHADER_REQUIRES_UAVS_AT_EVERY_STAGE |
                                D3D_SHADER_REQUIRES_64_UAVS |
                                D3D_SHADER_REQUIRES_11_1_DOUBLE_EXTENSIONS |
                                D3D_SHADER_REQUIRES_11_1_SHADER_EXTENSIONS;
    if (m->info.has_level9)
        *level = m->info.level9_target == DXBC_LEVEL9_3 ? D3D_FEATURE_LEVEL_9_3
                                                        : D3D_FEATURE_LEVEL_9_1;
    else if (m->requires_flags & level_11_1)
        *level = D3D_FEATURE_LEVEL_11_1;
    else if (m->info.major >= 5)
        *level = D3D_FEATURE_LEVEL_11_0;
    else if (m->info.major == 4 && m->info.minor >= 1)
        *level = D3D_FEATURE_LEVEL_10_1;
    else
        *level = D3D_FEATURE_LEVEL_10_0;
    return S_OK;
}

static UINT STDMETHODCALLTYPE reflection_GetThreadGroupSize(ID3D11ShaderReflection *iface,
                                                            UINT *x, UINT *y, UINT *z)
{
    const uint32_t *g = impl(iface)->m.thread_group;
    if (x)
        *x = g[0];
    if (y)
        *y = g[1];
    if (z)
        *z = g[2];
    return g[0] * g[1] * g[2];
}

static UINT64 STDMETHODCALLTYPE reflection_GetRequiresFlags(ID3D11ShaderReflection *iface)
{
    return impl(iface)->m.requires_flags;
}

static const ID3D11ShaderReflectionVtbl reflection_vtbl = {
    reflection_QueryInterface, reflection_AddRef, reflection_Release, reflection_GetDesc,
    reflection_GetConstantBufferByIndex, reflection_GetConstantBufferByName,
    reflection_GetResourceBindingDesc, reflection_GetInputParameterDesc,
    reflection_GetOutputParameterDesc, reflection_GetPatchConstantParameterDesc,
    reflection_GetVariableByName, reflection_GetResourceBindingDescByName,
    reflection_GetMovInstructionCount, reflection_GetMovcInstructionCount,
    reflection_GetConversionInstructionCount, reflection_GetBitwiseInstructionCount,
    reflection_GetGSInputPrimitive, reflection_IsSampleFrequencyShader,
    reflection_GetNumInterfaceSlots, reflection_GetMinFeatureLevel,
    reflection_GetThreadGroupSize, reflection_GetRequiresFlags,
};

/* ---- creation ---------------------------------------------------------------------------------- */

/* The objects over the model: one per buffer and variable, one type object per reference. */
static bool build_objects(struct reflection *r)
{
    const struct dxbc_reflection *m = &r->m;
    uint32_t ntypes = m->variable_count + m->member_count;
    r->cbuffers = calloc(m->cbuffer_count ? m->cbuffer_count : 1, sizeof(*r->cbuffers));
    r->variables = calloc(m->variable_count ? m->variable_count : 1, sizeof(*r->variables));
    r->types = calloc(ntypes ? ntypes : 1, sizeof(*r->types));
    if (!r->cbuffers || !r->variables || !r->types)
        return false;
    for (uint32_t i = 0; i < m->cbuffer_count; i++)
        r->cbuffers[i] = (struct reflect_cbuffer){{&cbuffer_vtbl}, r, i};
    for (uint32_t i = 0; i < m->variable_count; i++) {
        r->variables[i] = (struct reflect_variable){{&variable_vtbl}, r, i};
        uint32_t t = m->variables[i].type;
        r->types[i] = (struct reflect_type){{&type_vtbl}, r, t, 0,
                                            m->variable_count + m->types[t].member_first};
    }
    for (uint32_t k = 0; k < m->member_count; k++) {
        uint32_t t = m->members[k].type;
        r->types[m->variable_count + k] = (struct reflect_type){
            {&type_vtbl}, r, t, m->members[k].offset,
            m->variable_count + m->types[t].member_first};
    }
    return true;
}

SOFTD3D_EXPORT HRESULT WINAPI D3DReflect(LPCVOID pSrcData, SIZE_T SrcDataSize, REFIID pInterface,
                                         void **ppReflector)
{
    if (!ppReflector || !pSrcData || !pInterface) {
        util_msg(false, "D3DReflect: NULL %s", !ppReflector ? "ppReflector" :
                 !pSrcData ? "pSrcData" : "interface");
        if (ppReflector)
            *ppReflector = NULL;
        return E_INVALIDARG;
    }
    *ppReflector = NULL;
    /* d3dcompiler_47 reflects SM4/5 containers as ID3D11ShaderReflection only (the D3D10
     * reflection interfaces live in d3d10.dll's D3D10ReflectShader; D3D12's needs DXIL). */
    if (!IsEqualGUID(pInterface, &IID_ID3D11ShaderReflection)) {
        util_msg(false, "D3DReflect: the interface asked for is not ID3D11ShaderReflection");
        return E_NOINTERFACE;
    }
    struct reflection *r = calloc(1, sizeof(*r));
    if (!r)
        return E_OUTOFMEMORY;
    struct dxbc_error err;
    int ret = dxbc_reflect_parse(pSrcData, SrcDataSize, &r->m, &err);
    if (ret) {
        free(r);
        if (ret == DXBC_E_NOMEM)
            return E_OUTOFMEMORY;
        util_msg(false, "D3DReflect: %s", err.message);
        return E_FAIL;
    }
    if (!build_objects(r)) {
        reflection_free(r);
        return E_OUTOFMEMORY;
    }
    r->iface.lpVtbl = &reflection_vtbl;
    atomic_init(&r->refs, 1);
    *ppReflector = &r->iface;
    return S_OK;
}

/* Shader libraries (lib_4_0 / lib_5_0 and their LIBF chunk) are not produced or read by
 * softd3d, and ID3D11LibraryReflection is not declared (d3d11shader.h); the call is refused as
 * unimplemented. */
SOFTD3D_EXPORT HRESULT WINAPI D3DReflectLibrary(LPCVOID pSrcData, SIZE_T SrcDataSize, REFIID riid,
                                                LPVOID *ppReflector)
{
    (void)pSrcData;
    (void)SrcDataSize;
    (void)riid;
    if (ppReflector)
        *ppReflector = NULL;
    softd3d_log_unimplemented("D3DReflectLibrary");
    return E_NOTIMPL;
}
