/* src/d3d9/shader.c — IDirect3DVertexShader9 / IDirect3DPixelShader9, CreateVertexShader and
 * CreatePixelShader, and the programs draws run for them.
 *
 * Creation (IDirect3DDevice9::CreateVertexShader / CreatePixelShader reference pages):
 *  - pFunction and ppShader are required (ppShader NULL on failure);
 *  - D3D9 passes no size: the token stream is measured up to its end token 0x0000FFFF, comments
 *    skipped by their length, SM2+ instructions by their length field, SM1 parameters by bit 31
 *    (def: four raw dwords), at most D3D9_SHADER_MAX_TOKENS;
 *  - the version must be one the caps of the current vertex processing mode allow
 *    (VertexShaderVersion / PixelShaderVersion, major.minor with 2_x above 2_0): vs_2_x and ps_2_x
 *    also when VS20Caps / PS20Caps exceed the 2_0 minimums (the 2_a / 2_b parts of seed 000 at
 *    9_3); vs_3_0 in software vertex processing (seed 002 "full support for programmable vertex
 *    shaders", the software caps report vs_3_0);
 *  - the tokens must decode (src/shader/d3dbc_ir.h: d3dbc_decode); otherwise
 *    D3DERR_INVALIDCALL with the decoder's message.
 * The decoded program is kept; draws ask for a variant:
 *  - vertex shaders whose inputs come from integer vertex elements (UBYTE4, SHORT2/4, UDEC3,
 *    DEC3N: fetched as integers, see d3d9_decl_type_format) get conversion instructions put in
 *    front, the inputs' reads redirected to the converted temporaries (relative input reads
 *    keep the raw value);
 *  - pixel shaders under D3DSHADE_FLAT get their COLOR inputs declared constant (flat shading
 *    applies to the colour registers, "Shading Modes");
 *  - fog (below ps_3_0) and the alpha test are fixed-function state that applies after the
 *    pixel shader: a variant gets them as an epilogue (shader_fixed.c).
 * Variants are cached in the shader object (built under the device lock by the draw).  At draw
 * time the version is checked again against the caps of the current mode (a vs_3_0 shader made
 * in software mode cannot run once a mixed device is back in hardware mode).
 *
 * Lifetime: the objects use struct d3d9_life (d3d9_resource.h): the application's references
 * keep the device alive; the device state binds shaders internally (d3d9_shader_bind), so a bound
 * shader stays alive without keeping its device alive.
 * GetFunction: pData NULL returns the size in *pSizeOfData; otherwise *pSizeOfData must be at
 * least the size (D3DERR_INVALIDCALL) and the tokens are copied.
 */
#include "d3d9/d3d9_draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d9/d3d9_resource.h"
#include "d3d9/d3d9_state.h"
#include "shader/d3dbc_ir.h"
#include "util/log.h"

#define D3D9_SHADER_MAX_TOKENS (1u << 20)

struct variant {
    uint8_t conv[IR_MAX_INPUTS];
    bool flat;
    uint8_t fog, alpha_func, alpha_ref;
    struct d3d9_program prog;
};

struct d3d9_shader {
    union {
        IDirect3DVertexShader9 vs;
        IDirect3DPixelShader9 ps;
    } iface;
    struct d3d9_life life;
    bool pixel;
    unsigned major, minor;
    uint32_t *tokens;
    size_t size;                   /* bytes */
    struct variant *variants;
    size_t nvariants;
};

static const GUID *const vs_iids[] = { &IID_IDirect3DVertexShader9, NULL };
static const GUID *const ps_iids[] = { &IID_IDirect3DPixelShader9, NULL };
D3D9_LIFE_IUNKNOWN(vsh, IDirect3DVertexShader9, struct d3d9_shader, iface.vs, life, vs_iids)
D3D9_LIFE_IUNKNOWN(psh, IDirect3DPixelShader9, struct d3d9_shader, iface.ps, life, ps_iids)

static void shader_destroy(struct d3d9_life *life)
{
    struct d3d9_shader *s = container_of(life, struct d3d9_shader, life);
    for (size_t i = 0; i < s->nvariants; i++)
        d3d9_program_cleanup(&s->variants[i].prog);
    free(s->variants);
    free(s->tokens);
    free(s);
}

static HRESULT get_device(struct d3d9_shader *s, IDirect3DDevice9 **out)
{
    if (!out) {
        util_msg(false, "GetDevice: ppDevice is NULL");
        return D3DERR_INVALIDCALL;
    }
    IDirect3DDevice9_AddRef(&s->life.device->iface);
    *out = &s->life.device->iface;
    return D3D_OK;
}

static HRESULT get_function(struct d3d9_shader *s, void *data, UINT *size)
{
    if (!size) {
        util_msg(false, "GetFunction: pSizeOfData is NULL");
        return D3DERR_INVALIDCALL;
    }
    if (!data) {
        *size = (UINT)s->size;
        return D3D_OK;
    }
    if (*size < s->size) {
        util_msg(false, "GetFunction: *pSizeOfData %u is below the function's %zu bytes", *size,
                 s->size);
        return D3DERR_INVALIDCALL;
    }
    memcpy(data, s->tokens, s->size);
    *size = (UINT)s->size;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE vsh_GetDevice(IDirect3DVertexShader9 *iface,
                                               IDirect3DDevice9 **out)
{
    return get_device(vsh_impl(iface), out);
}

static HRESULT STDMETHODCALLTYPE vsh_GetFunction(IDirect3DVertexShader9 *iface, void *data,
                                                 UINT *size)
{
    return get_function(vsh_impl(iface), data, size);
}

static HRESULT STDMETHODCALLTYPE psh_GetDevice(IDirect3DPixelShader9 *iface,
                                               IDirect3DDevice9 **out)
{
    return get_device(psh_impl(iface), out);
}

static HRESULT STDMETHODCALLTYPE psh_GetFunction(IDirect3DPixelShader9 *iface, void *data,
                                                 UINT *size)
{
    return get_function(psh_impl(iface), data, size);
}

static IDirect3DVertexShader9Vtbl vsh_vtbl = {
    vsh_QueryInterface, vsh_AddRef, vsh_Release, vsh_GetDevice, vsh_GetFunction,
};
static IDirect3DPixelShader9Vtbl psh_vtbl = {
    psh_QueryInterface, psh_AddRef, psh_Release, psh_GetDevice, psh_GetFunction,
};

struct d3d9_shader *d3d9_vertex_shader_impl(IDirect3DVertexShader9 *iface)
{
    return iface && iface->lpVtbl == &vsh_vtbl ? vsh_impl(iface) : NULL;
}

struct d3d9_shader *d3d9_pixel_shader_impl(IDirect3DPixelShader9 *iface)
{
    return iface && iface->lpVtbl == &psh_vtbl ? psh_impl(iface) : NULL;
}

unsigned d3d9_shader_major(const struct d3d9_shader *s)
{
    return s->major;
}

bool d3d9_shader_of(const struct d3d9_shader *s, const struct d3d9_device *dev)
{
    return s->life.device == dev;
}

/* Internal bindings (d3d9_state.h). */
void d3d9_vertex_shader_bind(IDirect3DVertexShader9 *iface, bool bind)
{
    struct d3d9_shader *s = d3d9_vertex_shader_impl(iface);
    if (s)
        bind ? d3d9_life_bind(&s->life) : d3d9_life_unbind(&s->life);
}

void d3d9_pixel_shader_bind(IDirect3DPixelShader9 *iface, bool bind)
{
    struct d3d9_shader *s = d3d9_pixel_shader_impl(iface);
    if (s)
        bind ? d3d9_life_bind(&s->life) : d3d9_life_unbind(&s->life);
}

/* ---- creation ------------------------------------------------------------------------------- */

/* Bytes of the token stream up to and including the end token, 0 when none is found. */
static size_t token_stream_size(const DWORD *t)
{
    bool sm1 = ((t[0] >> 8) & 0xffu) < 2;
    size_t i = 1;
    while (i < D3D9_SHADER_MAX_TOKENS) {
        DWORD tok = t[i];
        DWORD op = tok & 0xffffu;
        if (tok == 0x0000ffffu)
            return (i + 1) * sizeof(DWORD);
        i++;
        if (op == D3DBC_OP_COMMENT) {
            i += (tok >> 16) & 0x7fffu;
        } else if (!sm1) {
            i += (tok >> 24) & 0xfu;
        } else if (op == D3DBC_OP_DEF) {
            i += 5;
        } else {
            while (i < D3D9_SHADER_MAX_TOKENS && (t[i] & 0x80000000u))
                i++;
        }
    }
    return 0;
}

/* Whether the caps of the current mode run this version (top comment). */
static bool version_allowed(const D3DCAPS9 *caps, bool pixel, unsigned major, unsigned minor)
{
    DWORD v = pixel ? caps->PixelShaderVersion : caps->VertexShaderVersion;
    unsigned cmaj = D3DSHADER_VERSION_MAJOR(v), cmin = D3DSHADER_VERSION_MINOR(v);
    unsigned want = major << 8 | minor, have = cmaj << 8 | cmin;
    if (want <= have)
        return true;
    if (major == 2 && minor == 1 && cmaj == 2) {
        if (pixel)
            return caps->PS20Caps.NumTemps > D3DPS20_MIN_NUMTEMPS ||
                   caps->PS20Caps.NumInstructionSlots > D3DPS20_MIN_NUMINSTRUCTIONSLOTS;
        return caps->VS20Caps.NumTemps > D3DVS20_MIN_NUMTEMPS;
    }
    return false;
}

static HRESULT create_shader(struct d3d9_device *dev, const char *method, bool pixel,
                             const DWORD *function, struct d3d9_shader **out)
{
    *out = NULL;
    if (!function) {
        util_msg(false, "%s: pFunction is NULL", method);
        return D3DERR_INVALIDCALL;
    }
    DWORD version = function[0];
    if ((version >> 16) != (pixel ? D3DBC_VERSION_PS : D3DBC_VERSION_VS)) {
        util_msg(false, "%s: version token 0x%08x is not a %s shader's", method,
                 (unsigned)version, pixel ? "pixel" : "vertex");
        return D3DERR_INVALIDCALL;
    }
    unsigned major = (version >> 8) & 0xffu, minor = version & 0xffu;
    const D3DCAPS9 *caps = d3d9_device_caps(dev);
    if (!version_allowed(caps, pixel, major, minor)) {
        util_msg(false, "%s: %s_%u_%s exceeds the %sShaderVersion of profile %s in this vertex "
                 "processing mode", method, pixel ? "ps" : "vs", major,
                 minor == 1 && major == 2 ? "x" : minor ? "1" : "0", pixel ? "Pixel" : "Vertex",
                 dev->profile->name);
        return D3DERR_INVALIDCALL;
    }
    size_t size = token_stream_size(function);
    if (!size) {
        util_msg(false, "%s: no end token within %u tokens", method, D3D9_SHADER_MAX_TOKENS);
        return D3DERR_INVALIDCALL;
    }
    struct ir_program ir;
    struct d3dbc_error err;
    memset(&err, 0, sizeof(err));
    int ret = d3dbc_decode(function, size, &ir, &err);
    if (ret) {
        util_msg(false, "%s: %s", method, err.message);
        return ret == D3DBC_E_NOMEM ? E_OUTOFMEMORY : D3DERR_INVALIDCALL;
    }
    ir_program_free(&ir);
    struct d3d9_shader *s = calloc(1, sizeof(*s));
    if (!s || !(s->tokens = malloc(size))) {
        free(s);
        util_msg(false, "%s: out of memory", method);
        return E_OUTOFMEMORY;
    }
    memcpy(s->tokens, function, size);
    s->size = size;
    s->pixel = pixel;
    s->major = major;
    s->minor = minor;
    if (pixel)
        s->iface.ps.lpVtbl = &psh_vtbl;
    else
        s->iface.vs.lpVtbl = &vsh_vtbl;
    d3d9_life_init(&s->life, dev, shader_destroy, false, false);
    *out = s;
    return D3D_OK;
}

static HRESULT STDMETHODCALLTYPE device_CreateVertexShader(IDirect3DDevice9 *iface,
                                                           const DWORD *function,
                                                           IDirect3DVertexShader9 **shader)
{
    struct d3d9_shader *s;
    HRESULT hr;
    if (!shader) {
        util_msg(false, "CreateVertexShader: ppShader is NULL");
        return D3DERR_INVALIDCALL;
    }
    *shader = NULL;
    if (SUCCEEDED(hr = create_shader(d3d9_device_from_iface(iface), "CreateVertexShader", false,
                                     function, &s)))
        *shader = &s->iface.vs;
    return hr;
}

static HRESULT STDMETHODCALLTYPE device_CreatePixelShader(IDirect3DDevice9 *iface,
                                                          const DWORD *function,
                                                          IDirect3DPixelShader9 **shader)
{
    struct d3d9_shader *s;
    HRESULT hr;
    if (!shader) {
        util_msg(false, "CreatePixelShader: ppShader is NULL");
        return D3DERR_INVALIDCALL;
    }
    *shader = NULL;
    if (SUCCEEDED(hr = create_shader(d3d9_device_from_iface(iface), "CreatePixelShader", true,
                                     function, &s)))
        *shader = &s->iface.ps;
    return hr;
}

void d3d9_shader_fill_vtbl(IDirect3DDevice9Vtbl *v)
{
    v->CreateVertexShader = device_CreateVertexShader;
    v->CreatePixelShader = device_CreatePixelShader;
}

/* ---- variants ------------------------------------------------------------------------------- */

/* Puts the conversion of every input with conv[r] in front of the program and redirects the
 * plain reads of v<r> to the converted temporary. */
static int convert_inputs(struct ir_program *ir, const uint8_t *conv)
{
    uint32_t temp_of[IR_MAX_INPUTS];
    uint32_t first = ir->instructions.count;
    for (uint32_t r = 0; r < IR_MAX_INPUTS; r++) {
        temp_of[r] = UINT32_MAX;
        if (!conv[r] || r >= ir->input_count)
            continue;
        uint32_t t = ir->temp_count++;
        temp_of[r] = t;
        struct ir_operand v = ir_src(IR_FILE_INPUT, r, IR_SWIZZLE_XYZW);
        struct ir_instruction *ins;
        switch (conv[r]) {
        case D3D9_CONV_UINT:
        case D3D9_CONV_SINT:
            if (!(ins = ir_program_add_instruction(ir, conv[r] == D3D9_CONV_UINT ? IR_OP_UTOF :
                                                                                  IR_OP_ITOF)))
                return IR_E_NOMEM;
            ins->dst[0] = ir_dst(IR_FILE_TEMP, t, 15);
            ins->src[0] = v;
            break;
        case D3D9_CONV_UDEC3:
        case D3D9_CONV_DEC3N: {
            bool sign = conv[r] == D3D9_CONV_DEC3N;
            if (sign) {
                if (!(ins = ir_program_add_instruction(ir, IR_OP_IBFE)))
                    return IR_E_NOMEM;
                ins->dst[0] = ir_dst(IR_FILE_TEMP, t, 7);
                ins->src[0] = ir_imm1(10);
                ins->src[1] = ir_imm1(0);
                ins->src[2] = v;
                v = ir_src(IR_FILE_TEMP, t, IR_SWIZZLE_XYZW);
            }
            if (!(ins = ir_program_add_instruction(ir, sign ? IR_OP_ITOF : IR_OP_UTOF)))
                return IR_E_NOMEM;
            ins->dst[0] = ir_dst(IR_FILE_TEMP, t, 7);
            ins->src[0] = v;
            if (sign) {
                float k = 1.0f / 511.0f, m = -1.0f;
                uint32_t kb, mb;
                memcpy(&kb, &k, 4);
                memcpy(&mb, &m, 4);
                if (!(ins = ir_program_add_instruction(ir, IR_OP_MUL)))
                    return IR_E_NOMEM;
                ins->dst[0] = ir_dst(IR_FILE_TEMP, t, 7);
                ins->src[0] = ir_src(IR_FILE_TEMP, t, IR_SWIZZLE_XYZW);
                ins->src[1] = ir_imm1(kb);
                if (!(ins = ir_program_add_instruction(ir, IR_OP_MAX)))
                    return IR_E_NOMEM;
                ins->dst[0] = ir_dst(IR_FILE_TEMP, t, 7);
                ins->src[0] = ir_src(IR_FILE_TEMP, t, IR_SWIZZLE_XYZW);
                ins->src[1] = ir_imm1(mb);
            }
            float one = 1.0f;
            uint32_t ob;
            memcpy(&ob, &one, 4);
            if (!(ins = ir_program_add_instruction(ir, IR_OP_MOV)))
                return IR_E_NOMEM;
            ins->dst[0] = ir_dst(IR_FILE_TEMP, t, 8);
            ins->src[0] = ir_imm1(ob);
            break;
        }
        default:
            break;
        }
    }
    uint32_t added = ir->instructions.count - first;
    if (ir->temp_count > IR_MAX_TEMPS)
        return IR_E_INVALID;
    /* redirect the program's own reads */
    for (uint32_t i = 0; i < first; i++) {
        struct ir_instruction *ins = &ir->instructions.items[i];
        for (unsigned k = 0; k < ins->src_count && k < IR_MAX_SRC; k++) {
            struct ir_operand *op = &ins->src[k];
            if (op->file != IR_FILE_INPUT || op->index[0].rel.file != IR_FILE_NULL ||
                op->index[0].offset >= IR_MAX_INPUTS ||
                temp_of[op->index[0].offset] == UINT32_MAX)
                continue;
            uint32_t t = temp_of[op->index[0].offset];
            op->file = IR_FILE_TEMP;
            op->index_count = 1;
            op->index[0].offset = t;
        }
    }
    /* rotate: the conversions first */
    if (added) {
        struct ir_instruction *items = ir->instructions.items;
        struct ir_instruction *tmp = malloc(sizeof(*tmp) * added);
        if (!tmp)
            return IR_E_NOMEM;
        memcpy(tmp, items + first, sizeof(*tmp) * added);
        memmove(items + added, items, sizeof(*tmp) * first);
        memcpy(items, tmp, sizeof(*tmp) * added);
        free(tmp);
    }
    return IR_OK;
}

const struct d3d9_program *d3d9_shader_program(struct d3d9_shader *s, const uint8_t *conv,
                                               bool flat, unsigned fog, unsigned alpha_func,
                                               unsigned alpha_ref, char *msg, size_t msg_size)
{
    uint8_t none[IR_MAX_INPUTS];
    memset(none, 0, sizeof(none));
    if (!conv || s->pixel)
        conv = none;
    if (!s->pixel)
        flat = false;
    if (!s->pixel || alpha_func == D3DCMP_ALWAYS || alpha_func > D3DCMP_ALWAYS)
        alpha_func = 0;
    if (!alpha_func)
        alpha_ref = 0;
    if (!s->pixel || s->major >= 3 || fog > 1 + D3DFOG_LINEAR)
        fog = 0;
    const D3DCAPS9 *caps = d3d9_device_caps(s->life.device);
    if (!version_allowed(caps, s->pixel, s->major, s->minor)) {
        snprintf(msg, msg_size, "the %s shader's version %u.%u is beyond the caps of the "
                 "current vertex processing mode", s->pixel ? "pixel" : "vertex", s->major,
                 s->minor);
        return NULL;
    }
    for (size_t i = 0; i < s->nvariants; i++)
        if (s->variants[i].flat == flat && s->variants[i].fog == fog &&
            s->variants[i].alpha_func == alpha_func &&
            s->variants[i].alpha_ref == alpha_ref &&
            !memcmp(s->variants[i].conv, conv, IR_MAX_INPUTS))
            return &s->variants[i].prog;
    struct variant *n = realloc(s->variants, sizeof(*n) * (s->nvariants + 1));
    if (!n) {
        snprintf(msg, msg_size, "out of memory");
        return NULL;
    }
    s->variants = n;
    struct variant *v = &s->variants[s->nvariants];
    memset(v, 0, sizeof(*v));
    memcpy(v->conv, conv, IR_MAX_INPUTS);
    v->flat = flat;
    v->fog = (uint8_t)fog;
    v->alpha_func = (uint8_t)alpha_func;
    v->alpha_ref = (uint8_t)alpha_ref;

    struct ir_program ir;
    struct d3dbc_error derr;
    int ret = d3dbc_decode(s->tokens, s->size, &ir, &derr);
    if (ret) {
        snprintf(msg, msg_size, "the shader cannot be decoded: %s", derr.message);
        return NULL;
    }
    bool changed = false;
    for (uint32_t r = 0; r < IR_MAX_INPUTS; r++)
        changed |= conv[r] != 0;
    if (changed) {
        struct ir_error err;
        ret = convert_inputs(&ir, conv);
        if (ret == IR_OK)
            ret = ir_validate(&ir, &err);
        if (ret) {
            ir_program_free(&ir);
            snprintf(msg, msg_size, "the vertex shader's integer inputs cannot be converted");
            return NULL;
        }
    }
    if (fog || alpha_func) {
        struct ir_error err;
        ret = d3d9_shader_add_epilogue(&ir, fog, alpha_func, alpha_ref);
        if (ret == IR_OK)
            ret = ir_validate(&ir, &err);
        if (ret) {
            ir_program_free(&ir);
            snprintf(msg, msg_size, "fog or the alpha test cannot be added to the pixel shader");
            return NULL;
        }
    }
    if (flat) {
        for (uint32_t i = 0; i < ir.inputs.count; i++)
            if (ir.inputs.items[i].usage == D3DDECLUSAGE_COLOR)
                ir.inputs.items[i].interpolation = IR_INTERP_CONSTANT;
    }
    ret = d3d9_program_init(&v->prog, &ir);
    ir_program_free(&ir);
    if (ret) {
        snprintf(msg, msg_size, ret == DRAW_E_NOMEM ? "out of memory" :
                 "the shader cannot be prepared for the VM");
        return NULL;
    }
    s->nvariants++;
    return &v->prog;
}
