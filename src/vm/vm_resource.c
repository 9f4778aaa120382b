/* src/vm/vm_resource.c — resource instructions (through the caller's callback) and
 * derivatives.  Section numbers are the D3D11.3 functional specification's.
 *
 * A resource instruction becomes one struct vm_sample_request for the whole batch (vm.h):
 * the VM reads the operands by the roles ir_tex_layout() gives, flushes denormals of the float
 * ones (coordinates, LOD, bias, reference, clamp, derivatives: sampling is float arithmetic,
 * 3.1.3.2), leaves integer ones (ld addresses, offsets, sample indices, the resinfo mip)
 * untouched, and for implicit-LOD forms adds the coarse derivatives of the address.  The
 * answer goes through the t# swizzle, _sat and the write mask (22.4.15 "Return Type
 * Control"); the *_s forms also write the status to their second destination.
 * A SIMD twin (util/simd.h): x86/vm_resource_avx2.c builds the same functions with AVX2.
 */
#include "vm/vm_private.h"
#include "util/fpmode.h"
#include "util/simd.h"

/* ---- derivatives (22.5) ----------------------------------------------------------------------- */

static uint32_t fsub(uint32_t a, uint32_t b)
{
    return vm_fout(vm_fin(a) - vm_fin(b));
}

/* Lanes 4q + VM_QUAD_TL/TR/BL/BR; see vm.h for the exact definitions. */
static void deriv(struct vm_exec *x, const struct vm_ins *in, bool dy, bool fine)
{
    vm_reg s, r;
    unsigned m = in->dst[0].mask;
    vm_fetch(x, &in->src[0], m, s);
    VM_FOR_MASK(c, m) {
        for (unsigned q = 0; q < VM_LANES; q += 4) {
            const uint32_t *v = &s[c][q];
            uint32_t *o = &r[c][q];
            if (!dy) {
                uint32_t top = fsub(v[VM_QUAD_TR], v[VM_QUAD_TL]);
                uint32_t bottom = fine ? fsub(v[VM_QUAD_BR], v[VM_QUAD_BL]) : top;
                o[VM_QUAD_TL] = o[VM_QUAD_TR] = top;
                o[VM_QUAD_BL] = o[VM_QUAD_BR] = bottom;
            } else {
                uint32_t left = fsub(v[VM_QUAD_BL], v[VM_QUAD_TL]);
                uint32_t right = fine ? fsub(v[VM_QUAD_BR], v[VM_QUAD_TR]) : left;
                o[VM_QUAD_TL] = o[VM_QUAD_BL] = left;
                o[VM_QUAD_TR] = o[VM_QUAD_BR] = right;
            }
        }
    }
    vm_store(x, in, 0, r, in->saturate);
}

/* deriv_rtx / deriv_rty (SM4): coarse, like the implicit derivatives of sample (22.4.15). */
static void op_rtx(struct vm_exec *x, const struct vm_ins *in) { deriv(x, in, false, false); }
static void op_rty(struct vm_exec *x, const struct vm_ins *in) { deriv(x, in, true, false); }
static void op_rtx_fine(struct vm_exec *x, const struct vm_ins *in) { deriv(x, in, false, true); }
static void op_rty_fine(struct vm_exec *x, const struct vm_ins *in) { deriv(x, in, true, true); }

/* ---- resource instructions -------------------------------------------------------------------- */

struct tex_kind {
    uint8_t kind, status, clamp, po;
};

#define K(op, kind, st, cl, po) [IR_OP_##op - IR_OP_SAMPLE] = {VM_TEX_##kind, st, cl, po}

static const struct tex_kind tex_kinds[IR_OP_CHECK_ACCESS_FULLY_MAPPED - IR_OP_SAMPLE] = {
    K(SAMPLE, SAMPLE, 0, 0, 0),           K(SAMPLE_B, SAMPLE_B, 0, 0, 0),
    K(SAMPLE_L, SAMPLE_L, 0, 0, 0),       K(SAMPLE_D, SAMPLE_D, 0, 0, 0),
    K(SAMPLE_C, SAMPLE_C, 0, 0, 0),       K(SAMPLE_C_LZ, SAMPLE_C_LZ, 0, 0, 0),
    K(LD, LD, 0, 0, 0),                   K(LD_MS, LD_MS, 0, 0, 0),
    K(RESINFO, RESINFO, 0, 0, 0),         K(SAMPLEINFO, SAMPLEINFO, 0, 0, 0),
    K(SAMPLEPOS, SAMPLEPOS, 0, 0, 0),     K(LOD, LOD, 0, 0, 0),
    K(GATHER4, GATHER4, 0, 0, 0),         K(GATHER4_C, GATHER4_C, 0, 0, 0),
    K(GATHER4_PO, GATHER4, 0, 0, 1),      K(GATHER4_PO_C, GATHER4_C, 0, 0, 1),
    K(SAMPLE_CL_S, SAMPLE, 1, 1, 0),      K(SAMPLE_B_CL_S, SAMPLE_B, 1, 1, 0),
    K(SAMPLE_D_CL_S, SAMPLE_D, 1, 1, 0),  K(SAMPLE_C_CL_S, SAMPLE_C, 1, 1, 0),
    K(SAMPLE_L_S, SAMPLE_L, 1, 0, 0),     K(SAMPLE_C_LZ_S, SAMPLE_C_LZ, 1, 0, 0),
    K(LD_S, LD, 1, 0, 0),                 K(LD_MS_S, LD_MS, 1, 0, 0),
    K(GATHER4_S, GATHER4, 1, 0, 0),       K(GATHER4_C_S, GATHER4_C, 1, 0, 0),
    K(GATHER4_PO_S, GATHER4, 1, 0, 1),    K(GATHER4_PO_C_S, GATHER4_C, 1, 0, 1),
};

#undef K

/* Component 0 of a float-role source, flushed, per lane. */
static void fetch_scalar_f(struct vm_exec *x, const struct vm_opnd *o, float out[VM_LANES])
{
    vm_reg v;
    vm_fetch(x, o, 1, v);
    VM_FOR_LANES(l) out[l] = vm_fin(v[0][l]);
}

/* Which resinfo components are sizes (reciprocated by _rcpFloat, resinfo in 22.4): width,
 * height and depth, not array sizes nor the mip count. */
static unsigned size_components(unsigned dim)
{
    switch (dim) {
    case IR_RES_TEXTURE3D:
        return 7;
    case IR_RES_TEXTURE2D: case IR_RES_TEXTURE2DARRAY: case IR_RES_TEXTURE2DMS:
    case IR_RES_TEXTURE2DMSARRAY: case IR_RES_TEXTURECUBE: case IR_RES_TEXTURECUBEARRAY:
        return 3;
    default:
        return 1;
    }
}

/* An optional request field: returns `used`.  A field the instruction fills is marked as
 * holding data; one it does not is zeroed only when an earlier request left data in it (every
 * field of a request is defined, vm.h, without paying for the ones no call uses). */
static bool field_used(struct vm_state *st, uint32_t bit, bool used, void *field, size_t bytes)
{
    if (used) {
        st->req_dirty |= bit;
    } else if (st->req_dirty & bit) {
        vm_zero_words(field, bytes);
        st->req_dirty &= ~bit;
    }
    return used;
}

/* The request's fixed fields (every one written: this call's values, or 0 where the
 * instruction has no such operand, vm.h -- field by field rather than one memset of the whole
 * request, which is large and mostly overwritten). */
static void tex_header(struct vm_exec *x, const struct vm_ins *in, const struct ir_tex_layout *lay,
                       const struct tex_kind *k)
{
    struct vm_sample_request *req = &x->st->req;
    const struct vm_opnd *t = &in->src[lay->resource];
    req->op = in->op;
    req->kind = k->kind;
    req->want_status = k->status;
    req->has_clamp = k->clamp;
    req->has_offsets = k->po;
    req->return_type = in->return_type;
    req->resource = t->index;
    req->resource_dim = t->index < IR_MAX_RESOURCES ? x->prog->res_dim[t->index] : 0;
    req->sampler = lay->sampler >= 0 ? in->src[lay->sampler].index : VM_NO_SLOT;
    req->gather_channel = lay->sampler >= 0 ? in->src[lay->sampler].swz[0] : 0;
    req->mask = x->exec;
    for (unsigned c = 0; c < 3; c++)
        req->texel_offset[c] = in->texel_offset[c];
}

/* The forms whose LOD comes from the VM's coarse derivatives of the address (vm.h). */
static bool tex_implicit(const struct tex_kind *k)
{
    return vm_tex_kind_implicit(k->kind);
}

/* The optional fields' bookkeeping (field_used) for the operands `lay` has. */
static void tex_fields(struct vm_state *st, const struct ir_tex_layout *lay,
                       const struct tex_kind *k)
{
    struct vm_sample_request *req = &st->req;
    bool resinfo = k->kind == VM_TEX_RESINFO;
    bool derivs = tex_implicit(k) || (lay->ddx >= 0 && lay->ddy >= 0);
    field_used(st, VM_REQ_ADDRESS, lay->address >= 0, &req->address, sizeof(req->address));
    field_used(st, VM_REQ_OFFSET, lay->offset >= 0, req->offset, sizeof(req->offset));
    field_used(st, VM_REQ_LOD_U, lay->lod >= 0 && resinfo, req->lod_u, sizeof(req->lod_u));
    field_used(st, VM_REQ_LOD, lay->lod >= 0 && !resinfo, req->lod, sizeof(req->lod));
    field_used(st, VM_REQ_BIAS, lay->bias >= 0, req->bias, sizeof(req->bias));
    field_used(st, VM_REQ_REF, lay->ref >= 0, req->ref, sizeof(req->ref));
    field_used(st, VM_REQ_CLAMP, lay->clamp >= 0, req->clamp, sizeof(req->clamp));
    field_used(st, VM_REQ_SAMPLE, lay->sample_index >= 0, req->sample_index,
               sizeof(req->sample_index));
    field_used(st, VM_REQ_DDX, derivs, req->ddx, sizeof(req->ddx));
    field_used(st, VM_REQ_DDY, derivs, req->ddy, sizeof(req->ddy));
}

/* The request's operands, read from the registers (the interpreter; the JIT writes them
 * itself, jit_codegen.c tex_request). */
static void tex_operands(struct vm_exec *x, const struct vm_ins *in,
                         const struct ir_tex_layout *lay, const struct tex_kind *k)
{
    struct vm_sample_request *req = &x->st->req;
    vm_reg v;
    if (lay->address >= 0) {
        vm_fetch(x, &in->src[lay->address], 15, v);
        if (k->kind == VM_TEX_LD || k->kind == VM_TEX_LD_MS) {
            for (unsigned c = 0; c < 4; c++)
                VM_FOR_LANES(l) req->address.i[c][l] = vm_i32(v[c][l]);
        } else {
            for (unsigned c = 0; c < 4; c++)
                VM_FOR_LANES(l) req->address.f[c][l] = vm_fin(v[c][l]);
        }
    }
    if (lay->offset >= 0) {
        vm_fetch(x, &in->src[lay->offset], 3, v);
        VM_FOR_LANES(l) {
            req->offset[0][l] = vm_i32(v[0][l]);
            req->offset[1][l] = vm_i32(v[1][l]);
        }
    }
    if (lay->lod >= 0 && k->kind == VM_TEX_RESINFO) {
        vm_fetch(x, &in->src[lay->lod], 1, v);
        memcpy(req->lod_u, v[0], sizeof(req->lod_u));
    } else if (lay->lod >= 0) {
        fetch_scalar_f(x, &in->src[lay->lod], req->lod);
    }
    if (lay->bias >= 0)
        fetch_scalar_f(x, &in->src[lay->bias], req->bias);
    if (lay->ref >= 0)
        fetch_scalar_f(x, &in->src[lay->ref], req->ref);
    if (lay->clamp >= 0)
        fetch_scalar_f(x, &in->src[lay->clamp], req->clamp);
    if (lay->sample_index >= 0) {
        vm_fetch(x, &in->src[lay->sample_index], 1, v);
        VM_FOR_LANES(l) req->sample_index[l] = vm_i32(v[0][l]);
    }
    if (lay->ddx >= 0 && lay->ddy >= 0) {
        vm_reg dy;
        vm_fetch(x, &in->src[lay->ddx], 15, v);
        vm_fetch(x, &in->src[lay->ddy], 15, dy);
        for (unsigned c = 0; c < 4; c++)
            VM_FOR_LANES(l) {
                req->ddx[c][l] = vm_fin(v[c][l]);
                req->ddy[c][l] = vm_fin(dy[c][l]);
            }
    }
    if (tex_implicit(k)) {
        /* implicit LOD: the coarse derivatives of deriv_rtx_coarse / deriv_rty_coarse
         * (22.4.15 "LOD Calculation"), of every address component, per quad */
        for (unsigned c = 0; c < 4; c++)
            for (unsigned q = 0; q < VM_LANES; q += 4) {
                const float *a = &req->address.f[c][q];
                float dx = vm_float(vm_fout(a[VM_QUAD_TR] - a[VM_QUAD_TL]));
                float dyv = vm_float(vm_fout(a[VM_QUAD_BL] - a[VM_QUAD_TL]));
                for (unsigned i = 0; i < 4; i++) {
                    req->ddx[c][q + i] = dx;
                    req->ddy[c][q + i] = dyv;
                }
            }
    }
}

/* The components of the answer read below are zeroed first (no callback, or one that answers
 * nothing, reads as unbound: 22.4.6 -- the callback only writes), then the callback runs. */
static void tex_call(struct vm_exec *x, const struct vm_ins *in, const struct ir_tex_layout *lay,
                     const struct tex_kind *k)
{
    struct vm_sample_result *res = &x->st->res;
    const struct vm_opnd *t = &in->src[lay->resource];
    unsigned used = k->kind == VM_TEX_RESINFO || k->kind == VM_TEX_SAMPLEINFO ? 15u : 0u;
    VM_FOR_MASK(c, in->dst[0].mask) used |= 1u << t->swz[c];
    VM_FOR_MASK(c, used) vm_zero_words(res->value[c], sizeof(res->value[c]));
    if (lay->status >= 0)
        vm_zero_words(res->status, sizeof(res->status));
    if (x->env->sample) {
        /* the sampler runs in the default floating-point mode, as it does outside shader
         * programs (pixel_fused.c), not in vm_run's flushing one (util/fpmode.h) */
        unsigned mode = util_fp_default_begin();
        x->env->sample(x->env->sample_ctx, &x->st->req, res);
        util_fp_flush_end(mode);
    }
}

static void op_tex(struct vm_exec *x, const struct vm_ins *in)
{
    const struct ir_tex_layout *lay = ir_tex_layout(in->op);
    const struct tex_kind *k = &tex_kinds[in->op - IR_OP_SAMPLE];
    struct vm_sample_result *res = &x->st->res;
    const struct vm_opnd *t = &in->src[lay->resource];
    vm_reg v, r;

    tex_header(x, in, lay, k);
    tex_fields(x->st, lay, k);
    tex_operands(x, in, lay, k);
    tex_call(x, in, lay, k);

    uint32_t (*ans)[VM_LANES] = res->value;   /* the answer, converted below where needed */
    if (k->kind == VM_TEX_RESINFO || k->kind == VM_TEX_SAMPLEINFO) {
        memcpy(v, res->value, sizeof(v));
        ans = v;
    }
    if (k->kind == VM_TEX_RESINFO && in->return_type != IR_RETURN_UINT) {
        /* resinfo (22.4): floats; _rcpFloat gives 1/size (INF for 0) for the sizes only */
        unsigned sizes = in->return_type == IR_RETURN_RCPFLOAT ?
                             size_components(x->st->req.resource_dim) : 0;
        for (unsigned c = 0; c < 4; c++)
            VM_FOR_LANES(l) {
                float f = (float)v[c][l];
                v[c][l] = vm_bits((sizes >> c) & 1 ? 1.0f / f : f);
            }
    } else if (k->kind == VM_TEX_SAMPLEINFO) {
        /* sampleinfo: the count in x, 0 elsewhere; float unless _uint */
        VM_FOR_LANES(l) {
            if (in->return_type != IR_RETURN_UINT)
                v[0][l] = vm_bits((float)v[0][l]);
            v[1][l] = v[2][l] = v[3][l] = 0;
        }
    }
    /* the t# (or rasterizer) swizzle picks from the 4-component answer */
    VM_FOR_MASK(c, in->dst[0].mask) memcpy(r[c], ans[t->swz[c]], sizeof(r[c]));
    vm_store(x, in, 0, r, in->saturate);
    if (lay->status >= 0) {
        VM_FOR_MASK(c, in->dst[lay->status].mask) memcpy(r[c], res->status, sizeof(r[c]));
        vm_store(x, in, (unsigned)lay->status, r, false);
    }
}

/* The JIT's form of op_tex (jit.h, "resource instructions"): the generated code has written
 * the operand fields of the request (address, offsets, LOD, bias, reference, clamp, sample
 * index, derivatives -- implicit ones included) for the executing lanes; this writes the rest
 * and calls the sampler; the generated code then reads the answer from st->res. */
static void op_tex_call(struct vm_exec *x, const struct vm_ins *in)
{
    const struct ir_tex_layout *lay = ir_tex_layout(in->op);
    const struct tex_kind *k = &tex_kinds[in->op - IR_OP_SAMPLE];
    tex_header(x, in, lay, k);
    tex_fields(x->st, lay, k);
    tex_call(x, in, lay, k);
}

vm_op_fn SIMD_FN(vm_tex_call_fn)(void)
{
    return op_tex_call;
}

/* The JIT's ld inside a block of a compute program (jit.h): the generated code has written
 * the address of chunk `chunk` (lanes [chunk * width, chunk * width + width)) to the request;
 * this answers that chunk's executing lanes, as op_tex_call would -- ld's answer is per lane,
 * so asking for fewer lanes changes none of them. */
static void tex_call_chunk(struct vm_exec *x, const struct vm_ins *in, uint32_t chunk,
                           uint32_t width)
{
    const struct ir_tex_layout *lay = ir_tex_layout(in->op);
    const struct tex_kind *k = &tex_kinds[in->op - IR_OP_SAMPLE];
    tex_header(x, in, lay, k);
    x->st->req.mask = x->exec & (uint32_t)(((1ull << width) - 1) << (chunk * width));
    tex_fields(x->st, lay, k);
    tex_call(x, in, lay, k);
}

vm_tex_chunk_call SIMD_FN(vm_tex_chunk_fn)(void)
{
    return tex_call_chunk;
}

#if !defined(SOFTD3D_SIMD_TWIN_AVX2)   /* (one copy of these: they only read the table) */
unsigned vm_tex_kind(unsigned op)
{
    return op >= IR_OP_SAMPLE && op < IR_OP_CHECK_ACCESS_FULLY_MAPPED
               ? tex_kinds[op - IR_OP_SAMPLE].kind : VM_TEX_SAMPLE;
}

bool vm_tex_native(unsigned op)
{
    if (op < IR_OP_SAMPLE || op >= IR_OP_CHECK_ACCESS_FULLY_MAPPED)
        return false;
    const struct tex_kind *k = &tex_kinds[op - IR_OP_SAMPLE];
    return k->kind != VM_TEX_RESINFO && k->kind != VM_TEX_SAMPLEINFO && !k->status &&
           ir_tex_layout(op)->status < 0;
}
#endif

/* check_access_fully_mapped (tiled resources, 5.9.4.5): all ones where the status says every
 * texel touched was mapped (status 0, vm.h), else 0. */
static void op_check_access(struct vm_exec *x, const struct vm_ins *in)
{
    vm_reg s, r;
    unsigned m = in->dst[0].mask;
    vm_fetch(x, &in->src[0], m, s);
    VM_FOR_MASK(c, m) VM_FOR_LANES(l) r[c][l] = s[c][l] ? 0 : 0xffffffffu;
    vm_store(x, in, 0, r, false);
}

vm_op_fn SIMD_FN(vm_resource_fn)(unsigned op)
{
    switch (op) {
    case IR_OP_DERIV_RTX:
    case IR_OP_DERIV_RTX_COARSE:
        return op_rtx;
    case IR_OP_DERIV_RTY:
    case IR_OP_DERIV_RTY_COARSE:
        return op_rty;
    case IR_OP_DERIV_RTX_FINE:
        return op_rtx_fine;
    case IR_OP_DERIV_RTY_FINE:
        return op_rty_fine;
    case IR_OP_CHECK_ACCESS_FULLY_MAPPED:
        return op_check_access;
    default:
        return op >= IR_OP_SAMPLE && op < IR_OP_CHECK_ACCESS_FULLY_MAPPED ? op_tex : NULL;
    }
}
